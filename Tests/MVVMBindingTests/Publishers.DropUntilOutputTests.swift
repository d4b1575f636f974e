import MVVMBinding
import XCTest

final class DropUntilOutputTests: XCTestCase {
    func test_dropUntilOutput_omitsValuesUntilTheOtherEmits_andThenRepublishes() {
        let upstream = DrivenPublisher<Int, Never>()
        let other = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.drop(untilOutputFrom: other).subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .none, "an omitted value counts the demand down; nothing more is asked")
        other.send("go")
        XCTAssertEqual(upstream.send(2), .none)

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)"])
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
        XCTAssertEqual(other.subscription.requests, [.max(1)])
        XCTAssertEqual(other.subscription.cancelCount, 0, "as Combine's, the other is left alone once it emitted")
    }

    func test_theDownstreamIsSubscribedFirst_thenTheOther_thenTheUpstream_askedForWhatWasRequested() {
        let upstream = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        let other = DrivenPublisher<String, Never>()
        var otherSubscribedAtDownstreamSubscription: Bool?
        let subscriber = AnySubscriber<Int, Never>(receiveSubscription: {
            otherSubscribedAtDownstreamSubscription = other.hasSubscriber
            $0.request(.max(14))
        })
        upstream.drop(untilOutputFrom: other).subscribe(subscriber)
        XCTAssertEqual(otherSubscribedAtDownstreamSubscription, false)
        XCTAssertTrue(other.hasSubscriber)

        upstream.sendSubscription()

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(14))])
        let otherSubscriber = other.subscriberObject as? any Subscriber
        XCTAssertEqual(otherSubscriber?.combineIdentifier, (upstream.subscriberObject as? any Subscriber)?.combineIdentifier)
    }

    func test_aFailureOfTheOther_cancelsTheUpstream_andFailsTheStream() {
        let upstream = DrivenPublisher<Int, TestError>()
        let other = DrivenPublisher<String, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.drop(untilOutputFrom: other).subscribe(subscriber)

        other.send(completion: .failure(.oops))
        upstream.send(1)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_anOtherThatFinishesWithoutAValue_finishesTheStream_andCancelsASubscribedUpstream() {
        let upstream = DrivenPublisher<Int, Never>()
        let other = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.drop(untilOutputFrom: other).subscribe(subscriber)

        other.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_anOtherThatFinishesBeforeTheUpstreamSubscribed_leavesTheUpstreamsCompletionToFollow_asCombines() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.drop(untilOutputFrom: Empty<String, Never>()).subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "finished", "finished"])
    }

    func test_theSubscription_printsAsDropUntilOutput_withAnEmptyMirror() throws {
        let subscriber = TrackingSubscriber<Int, Never>()
        DrivenPublisher<Int, Never>().drop(untilOutputFrom: DrivenPublisher<Int, Never>()).subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "DropUntilOutput")
        XCTAssertEqual(Mirror(reflecting: try XCTUnwrap(subscriber.subscription)).children.count, 0)
    }

    func test_anOtherThatEmitsAtOnce_opensTheStreamAtOnce() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        let upstream = PassthroughSubject<Int, Never>()
        upstream.drop(untilOutputFrom: Just("go")).subscribe(subscriber)
        subscriber.request(.unlimited)

        upstream.send(1)

        XCTAssertEqual(subscriber.values, [1])
    }

    func test_anOtherThatFailsBeforeTheUpstreamSubscribes_stillGivesTheDownstreamASubscriptionThenTheFailure() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.subscribe(on: scheduler).drop(untilOutputFrom: Fail<String, TestError>(error: .oops)).subscribe(subscriber)

        scheduler.advance()

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }
}
