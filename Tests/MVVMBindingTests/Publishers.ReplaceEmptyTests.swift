import MVVMBinding
import XCTest

final class ReplaceEmptyTests: XCTestCase {
    func test_anEmptyUpstream_isReplacedByTheValue() {
        let subscriber = TrackingSubscriber<Int, Never>()

        Empty<Int, Never>().replaceEmpty(with: 9).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(9)", "finished"])
    }

    func test_anUpstreamWithValues_isRepublishedUnchanged_withItsDemand() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2)) { _ in .max(1) }
        upstream.replaceEmpty(with: 9).subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(1))
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.max(2), .unlimited], "the downstream's, then the operator's")
    }

    func test_theReplacement_waitsForDemand() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.replaceEmpty(with: 9).subscribe(subscriber)

        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.history, ["subscription"])
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(9)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.unlimited], "a finished upstream is not asked again")
    }

    func test_aCancelBeforeTheUpstreamSubscribed_changesNothing_andASecondSubscriptionIsCancelled() {
        XCTAssertEqual(
            historyOfSubscriptionArrivingAfterCancel { $0.replaceEmpty(with: 1) },
            [.subscribed, .requested(.unlimited), .requested(.unlimited)], "the downstream's, then the operator's")

        let upstream = DrivenPublisher<Int, Never>()
        upstream.replaceEmpty(with: 1).subscribe(TrackingSubscriber<Int, Never>())
        let second = TrackingSubscription()
        upstream.subscriber?.receive(subscription: second)
        XCTAssertEqual(second.history, [.cancelled])
    }

    func test_theReplacement_isDeliveredOnce() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.replaceEmpty(with: 9).subscribe(subscriber)
        let subscription = subscriber.subscription

        upstream.send(completion: .finished)
        subscription?.request(.max(1))
        subscription?.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(9)", "finished"])
    }

    func test_aFailure_isNotReplaced() {
        let subscriber = TrackingSubscriber<Int, TestError>()

        Fail<Int, TestError>(error: .oops).replaceEmpty(with: 9).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }
}
