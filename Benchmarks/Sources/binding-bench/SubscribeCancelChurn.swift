import BenchmarkSupport
import MVVMBinding

// A sink subscribed to a PassthroughSubject (which already has one long-lived subscriber)
// and cancelled at once, per operation, beside a closure registered in an observer list and
// removed by identity.

private final class ClosureObservers {
    private var observers: [(id: Int, observer: (Int) -> Void)] = []
    private var nextID = 0

    func add(_ observer: @escaping (Int) -> Void) -> Int {
        nextID += 1
        observers.append((nextID, observer))
        return nextID
    }

    func remove(_ id: Int) {
        if let index = observers.firstIndex(where: { $0.id == id }) { observers.remove(at: index) }
    }
}

func benchSubscribeCancelChurn() {
    compare("subject_subscribe_cancel", unit: "ns/subscription", iterations: 100_000) { count in
        let subject = PassthroughSubject<Int, Never>()
        var sum = 0
        let longLived = subject.sink { sum &+= $0 }
        for _ in 0..<count {
            let cancellable = subject.sink { sum &+= $0 }
            cancellable.cancel()
        }
        longLived.cancel()
        blackHole(sum)
    } reference: { count in
        var sum = 0
        let observers = ClosureObservers()
        let longLived = observers.add(opaque { sum &+= $0 })
        for _ in 0..<count {
            let id = observers.add(opaque { sum &+= $0 })
            observers.remove(id)
        }
        observers.remove(longLived)
        blackHole(sum)
    }
}
