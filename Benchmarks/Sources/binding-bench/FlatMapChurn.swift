import BenchmarkSupport
import MVVMBinding

// `Just(x).flatMap { Just($0) }` built, sunk and cancelled, once per operation, beside a
// hand-written equivalent: a closure that makes the inner "publisher" (a closure capturing
// the value), a cancellable box that holds the consumer, one delivery, then cancel.

private final class ClosureCancellable {
    private var consumer: ((Int) -> Void)?
    init(_ consumer: @escaping (Int) -> Void) { self.consumer = consumer }
    func deliver(_ value: Int) { consumer?(value) }
    func cancel() { consumer = nil }
}

func benchFlatMapChurn() {
    compare("flat_map_just_subscribe_cancel", unit: "ns/subscription", iterations: 50_000) { count in
        var sum = 0
        for i in 0..<count {
            let cancellable = Just(i).flatMap { Just($0) }.sink { sum &+= $0 }
            cancellable.cancel()
        }
        blackHole(sum)
    } reference: { count in
        var sum = 0
        let makeInner: (Int) -> (ClosureCancellable) -> Void = opaque { value in { $0.deliver(value) } }
        for i in 0..<count {
            let inner = makeInner(i)
            let cancellable = ClosureCancellable(opaque { sum &+= $0 })
            inner(cancellable)
            cancellable.cancel()
        }
        blackHole(sum)
    }
}
