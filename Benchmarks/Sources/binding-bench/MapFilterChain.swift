import BenchmarkSupport
import MVVMBinding

// subject -> map -> filter -> sink, beside the same transform, predicate and consumer as a
// chain of stored closures.

func benchMapFilterChain() {
    compare("subject_map_filter_sink", unit: "ns/value", iterations: 1_000_000) { count in
        let subject = PassthroughSubject<Int, Never>()
        var sum = 0
        let cancellable =
            subject
            .map { $0 &* 3 }
            .filter { $0 & 1 == 0 }
            .sink { sum &+= $0 }
        for i in 0..<count { subject.send(i) }
        cancellable.cancel()
        blackHole(sum)
    } reference: { count in
        var sum = 0
        let consume: (Int) -> Void = opaque { sum &+= $0 }
        let filter: (Int) -> Void = opaque { if $0 & 1 == 0 { consume($0) } }
        let chain = ClosureChain()
        chain.send = opaque { filter($0 &* 3) }
        for i in 0..<count { chain.send(i) }
        blackHole(sum)
    }
}
