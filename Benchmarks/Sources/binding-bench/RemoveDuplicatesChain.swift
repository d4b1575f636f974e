import BenchmarkSupport
import MVVMBinding

// subject -> removeDuplicates -> sink, a ViewModel's staple on a @Published property, beside
// the same comparison with the previous value and consumer as stored closures. Every value
// differs from the one before (i / 2 repeats each value once: half are dropped).

func benchRemoveDuplicatesChain() {
    compare("subject_remove_duplicates_sink", unit: "ns/value", iterations: 1_000_000) { count in
        let subject = PassthroughSubject<Int, Never>()
        var sum = 0
        let cancellable = subject.removeDuplicates().sink { sum &+= $0 }
        for i in 0..<count { subject.send(i / 2) }
        cancellable.cancel()
        blackHole(sum)
    } reference: { count in
        var sum = 0
        var previous: Int?
        let consume: (Int) -> Void = opaque { sum &+= $0 }
        let chain = ClosureChain()
        chain.send = opaque {
            if previous == $0 { return }
            previous = $0
            consume($0)
        }
        for i in 0..<count { chain.send(i / 2) }
        blackHole(sum)
    }
}
