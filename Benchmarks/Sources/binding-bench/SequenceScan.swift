import BenchmarkSupport
import MVVMBinding

// A type-erased sequence publisher through scan into a sink, per element, beside a loop over
// the same range calling the accumulating closure and the consumer.

func benchSequenceScan() {
    compare("sequence_scan_sink", unit: "ns/element", iterations: 1_000_000) { count in
        var last = 0
        let cancellable = (0..<count).publisher
            .eraseToAnyPublisher()
            .scan(0) { $0 &+ $1 }
            .sink { last = $0 }
        cancellable.cancel()
        blackHole(last)
    } reference: { count in
        var last = 0
        let next: (Int, Int) -> Int = opaque { $0 &+ $1 }
        let consume: (Int) -> Void = opaque { last = $0 }
        var result = 0
        for element in 0..<count {
            result = next(result, element)
            consume(result)
        }
        blackHole(last)
    }
}
