import BenchmarkSupport
import MVVMBinding

// Two PassthroughSubjects -> zip -> map -> sink, one value into each per operation, beside a
// hand-written zip: two FIFO buffers, and the pair handed to closures once both hold one.

private final class ClosureZip {
    var onPair: (Int, Int) -> Void = { _, _ in }
    private var left: [Int] = []
    private var right: [Int] = []
    private var leftHead = 0
    private var rightHead = 0

    func sendLeft(_ value: Int) {
        left.append(value)
        drain()
    }

    func sendRight(_ value: Int) {
        right.append(value)
        drain()
    }

    private func drain() {
        while leftHead < left.count, rightHead < right.count {
            let pair = (left[leftHead], right[rightHead])
            leftHead += 1
            rightHead += 1
            if leftHead == left.count {
                left.removeAll(keepingCapacity: true)
                leftHead = 0
            }
            if rightHead == right.count {
                right.removeAll(keepingCapacity: true)
                rightHead = 0
            }
            onPair(pair.0, pair.1)
        }
    }
}

func benchZip() {
    compare("zip_map_sink", unit: "ns/pair", iterations: 200_000) { count in
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        var sum = 0
        let cancellable = a.zip(b)
            .map { $0 &+ $1 }
            .sink { sum &+= $0 }
        for i in 0..<count {
            a.send(i)
            b.send(i)
        }
        cancellable.cancel()
        blackHole(sum)
    } reference: { count in
        var sum = 0
        let consume: (Int) -> Void = opaque { sum &+= $0 }
        let zip = ClosureZip()
        zip.onPair = opaque { consume($0 &+ $1) }
        for i in 0..<count {
            zip.sendLeft(i)
            zip.sendRight(i)
        }
        blackHole(sum)
    }
}
