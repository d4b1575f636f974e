import BenchmarkSupport
import MVVMBinding

// CurrentValueSubject -> combineLatest -> map -> sink, one upstream changing, beside a
// hand-written pair of latest values whose setter calls the transform and the consumer.

private final class ClosureLatestPair {
    var onChange: (Int, Int) -> Void = { _, _ in }
    var b = 0
    var a = 0 { didSet { onChange(a, b) } }
}

func benchCombineLatest() {
    compare("combine_latest_map_sink", unit: "ns/value", iterations: 200_000) { count in
        let a = CurrentValueSubject<Int, Never>(0)
        let b = CurrentValueSubject<Int, Never>(1)
        var sum = 0
        let cancellable = a.combineLatest(b)
            .map { $0 &+ $1 }
            .sink { sum &+= $0 }
        for i in 0..<count { a.send(i) }
        cancellable.cancel()
        blackHole(sum)
    } reference: { count in
        var sum = 0
        let consume: (Int) -> Void = opaque { sum &+= $0 }
        let pair = ClosureLatestPair()
        pair.b = 1
        pair.onChange = opaque { consume($0 &+ $1) }
        for i in 0..<count { pair.a = i }
        blackHole(sum)
    }
}
