import Foundation
import MVVMBinding
import XCTest

final class PrefixUntilOutputTests: XCTestCase {
    func test_prefixUntilOutput_republishesUntilTheOtherEmits_thenFinishesAndCancelsBoth() {
        let upstream = DrivenPublisher<Int, Never>()
        let other = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(5))
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)
        other.send("stop")
        upstream.send(3)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.max(5)])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        XCTAssertEqual(other.subscription.requests, [.max(1)])
        XCTAssertEqual(other.subscription.cancelCount, 1)
    }

    func test_theOthersCompletion_leavesTheStreamRunning() {
        let upstream = DrivenPublisher<Int, Never>()
        let other = DrivenPublisher<String, TestError>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)

        other.send(completion: .failure(.oops))
        upstream.send(1)
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
        XCTAssertEqual(upstream.subscription.cancelCount, 0)
    }

    func test_theUpstreamsCompletion_cancelsTheOther() {
        let other = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()

        let upstream = DrivenPublisher<Int, Never>()
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
        XCTAssertEqual(other.subscription.cancelCount, 1)
    }

    func test_cancel_cancelsTheUpstreamAndTheOther() {
        let upstream = DrivenPublisher<Int, Never>()
        let other = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)

        subscriber.cancel()

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        XCTAssertEqual(other.subscription.cancelCount, 1)
    }

    func test_anOtherThatEmitsBeforeTheUpstreamSubscribes_stillGivesTheDownstreamASubscriptionThenFinished() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.subscribe(on: scheduler).prefix(untilOutputFrom: Just("now")).subscribe(subscriber)
        XCTAssertEqual(subscriber.history, [])

        scheduler.advance()

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_anOtherThatEmitsWhileTheUpstreamSubscribesOnAnotherThread_givesTheSubscriptionThenFinished() {
        // Each attempt, this thread gives the upstream its subscription while another sends the
        // other's value, both released by one barrier, so that in some attempts the value lands
        // inside the subscribing; every attempt must end the same way.
        let attempts = (0..<200).map { _ in
            let upstream = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
            let other = PassthroughSubject<Void, Never>()
            let subscriber = TrackingSubscriber<Int, Never>()
            upstream.prefix(untilOutputFrom: other).subscribe(subscriber)
            return (upstream: upstream, other: other, subscriber: subscriber)
        }
        let barrier = SpinBarrier(parties: 2)
        let otherThreadDone = DispatchSemaphore(value: 0)
        let others = attempts.map(\.other)
        Thread {
            for other in others {
                barrier.arriveAndWait()
                other.send()
            }
            otherThreadDone.signal()
        }.start()

        for attempt in attempts {
            barrier.arriveAndWait()
            attempt.upstream.sendSubscription()
        }
        otherThreadDone.wait()

        let endings = Set(attempts.map(\.subscriber.history))
        XCTAssertEqual(endings, [["subscription", "finished"]])
    }
}
