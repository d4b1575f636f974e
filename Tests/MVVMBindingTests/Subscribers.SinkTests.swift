import MVVMBinding
import XCTest

final class SinkTests: XCTestCase {
    func test_valuesAndACompletionAfterTheFirstCompletion_areIgnored() {
        var values: [Int] = []
        var completions = 0
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) })

        XCTAssertEqual(sink.receive(1), .none, "as Combine's, a value before the subscription reaches the closure")
        sink.receive(subscription: TrackingSubscription())
        _ = sink.receive(2)
        sink.receive(completion: .finished)
        _ = sink.receive(3)
        sink.receive(completion: .finished)

        XCTAssertEqual(values, [1, 2])
        XCTAssertEqual(completions, 1)
    }

    func test_afterACancel_valuesAndTheCompletionAreIgnored() {
        var values: [Int] = []
        var completions = 0
        let upstream = TrackingSubscription()
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) })
        sink.receive(subscription: upstream)

        sink.cancel()
        sink.cancel()
        _ = sink.receive(1)
        sink.receive(completion: .finished)

        XCTAssertEqual(values, [])
        XCTAssertEqual(completions, 0)
        XCTAssertEqual(upstream.history, [.requested(.unlimited), .cancelled])
    }

    func test_aCancelBeforeTheSubscription_changesNothing_andASecondSubscriptionIsCancelled() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        let first = TrackingSubscription()
        let second = TrackingSubscription()

        sink.cancel()
        sink.receive(subscription: first)
        sink.receive(subscription: second)

        XCTAssertEqual(first.history, [.requested(.unlimited)])
        XCTAssertEqual(second.history, [.cancelled])
    }

    func test_theCompletionClosure_isReleasedOnceItRan_orOnCancel() {
        for cancels in [false, true] {
            weak var captured: LifetimeCanary?
            let sink: Subscribers.Sink<Int, Never>
            do {
                let canary = LifetimeCanary()
                captured = canary
                sink = Subscribers.Sink(receiveCompletion: { _ in withExtendedLifetime(canary) {} }, receiveValue: { _ in })
            }
            sink.receive(subscription: TrackingSubscription())
            XCTAssertNotNil(captured)

            if cancels { sink.cancel() } else { sink.receive(completion: .finished) }

            withExtendedLifetime(sink) { XCTAssertNil(captured, cancels ? "cancel" : "completion") }
        }
    }
}
