import BenchmarkSupport
import MVVMBinding

// One PassthroughSubject with 10 sinks, per value sent (10 deliveries), beside an array of 10
// stored closures called in turn.

private let subscriberCount = 10

func benchSubjectFanOut() {
    compare("subject_send_to_10_sinks", unit: "ns/value", iterations: 200_000) { count in
        let subject = PassthroughSubject<Int, Never>()
        var sum = 0
        let cancellables = (0..<subscriberCount).map { _ in subject.sink { sum &+= $0 } }
        for i in 0..<count { subject.send(i) }
        for cancellable in cancellables { cancellable.cancel() }
        blackHole(sum)
    } reference: { count in
        var sum = 0
        let observers: [(Int) -> Void] = (0..<subscriberCount).map { _ in opaque { sum &+= $0 } }
        for i in 0..<count {
            for observer in observers { observer(i) }
        }
        blackHole(sum)
    }
}
