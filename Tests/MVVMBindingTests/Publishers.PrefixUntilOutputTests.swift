import Foundation
import MVVMBinding
import XCTest

final class PrefixUntilOutputTests: XCTestCase {
    func test_prefixUntilOutput_republishesUntilTheOtherEmits_thenFinishesAndCancelsTheUpstream() {
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
        XCTAssertEqual(other.subscription.cancelCount, 0, "as Combine's, the other is left alone once it emitted")
    }

    func test_theOtherIsSubscribedFirst_andItsSubscriberSharesTheSubscriptionsIdentifier() throws {
        let upstream = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        let other = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: other).subscribe(subscriber)
        XCTAssertEqual(other.history, [.subscribed, .requested(.max(1))])
        XCTAssertFalse(upstream.history.contains(.subscribed))

        upstream.sendSubscription()
        let subscription = try XCTUnwrap(subscriber.subscription)

        XCTAssertEqual((other.subscriberObject as? any Subscriber)?.combineIdentifier, subscription.combineIdentifier)
        XCTAssertFalse(subscription is CustomStringConvertible, "Combine's has no description of its own")
        XCTAssertFalse(subscription is CustomReflectable)
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

    func test_anOtherThatEmitsBeforeTheUpstreamSubscribes_finishesTheDownstreamAtOnce_andTheLateUpstreamIsCancelled() {
        // Combine's: the completion goes as soon as the other emits; the upstream's subscription,
        // arriving after the stream ended, is cancelled and never reaches the downstream.
        let upstream = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.prefix(untilOutputFrom: Just("now")).subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["finished"])

        upstream.sendSubscription()

        XCTAssertEqual(subscriber.history, ["finished"])
        XCTAssertEqual(upstream.history, [.subscribed, .cancelled])
    }

    func test_anOtherThatEmitsWhileTheUpstreamSubscribesOnAnotherThread_endsEachStreamOnce() {
        // Each attempt, this thread gives the upstream its subscription while another sends the
        // other's value, both released by one barrier; whichever comes first, the downstream
        // finishes exactly once (its subscription, if it comes, may race with the completion as
        // in Combine's).
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
        XCTAssertTrue(
            endings.isSubset(of: [["subscription", "finished"], ["finished", "subscription"], ["finished"]]), "\(endings)")
    }
}
