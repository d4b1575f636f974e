import BenchmarkSupport
import MVVMBinding

// subject -> tryMap -> sink (the engine of every try operator, decode and encode), beside the
// same transform and consumer as stored closures.

func benchTryMapChain() {
    compare("subject_try_map_sink", unit: "ns/value", iterations: 1_000_000) { count in
        let subject = PassthroughSubject<Int, Never>()
        var sum = 0
        let cancellable = subject.tryMap { $0 &* 3 }.sink(receiveCompletion: { _ in }) { sum &+= $0 }
        for i in 0..<count { subject.send(i) }
        cancellable.cancel()
        blackHole(sum)
    } reference: { count in
        var sum = 0
        let consume: (Int) -> Void = opaque { sum &+= $0 }
        let chain = ClosureChain()
        chain.send = opaque { consume($0 &* 3) }
        for i in 0..<count { chain.send(i) }
        blackHole(sum)
    }
}
