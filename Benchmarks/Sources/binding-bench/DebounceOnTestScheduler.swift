import BenchmarkSupport
import MVVMBinding

// subject -> debounce (on the virtual-time TestScheduler) -> sink: per operation one value is
// sent and the clock is moved past the due time, so every value is published. Beside a
// hand-written debouncer over a hand-written virtual clock: a value replaces the pending
// closure, and advancing the clock runs it once due.

private final class ClosureDebouncer {
    var onValue: (Int) -> Void = { _ in }
    private var now = 0
    private var due = 0
    private var pending: (() -> Void)?

    func send(_ value: Int, dueAfter delay: Int) {
        due = now + delay
        pending = { [unowned self] in self.onValue(value) }
    }

    func advance(by stride: Int) {
        now += stride
        if let action = pending, due <= now {
            pending = nil
            action()
        }
    }
}

func benchDebounce() {
    compare("debounce_test_scheduler_sink", unit: "ns/value", iterations: 200_000) { count in
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        var sum = 0
        let cancellable =
            subject
            .debounce(for: .milliseconds(10), scheduler: scheduler)
            .sink { sum &+= $0 }
        for i in 0..<count {
            subject.send(i)
            scheduler.advance(by: .milliseconds(10))
        }
        cancellable.cancel()
        blackHole(sum)
    } reference: { count in
        var sum = 0
        let debouncer = ClosureDebouncer()
        debouncer.onValue = opaque { sum &+= $0 }
        for i in 0..<count {
            debouncer.send(i, dueAfter: 10_000_000)
            debouncer.advance(by: 10_000_000)
        }
        blackHole(sum)
    }
}
