import MVVMBinding
import XCTest

final class ReplaceErrorTests: XCTestCase {
    func test_replaceError_turnsAFailureIntoTheValueAndFinish() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.replaceError(with: -1).subscribe(subscriber)

        subject.send(1)
        subject.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(-1)", "finished"])
    }

    func test_finish_passesThroughWithoutTheReplacement() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1].publisher.setFailureType(to: TestError.self).replaceError(with: 0).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
    }

    func test_replacement_waitsForDemand() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.replaceError(with: 0).subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(.oops))
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)"])

        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(0)", "finished"])
    }

    func test_demandReturnedFromReceive_countsTowardTheReplacement() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { _ in .max(1) })
        upstream.replaceError(with: 0).subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(1))
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.values, [1, 0])
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
    }

    func test_cancel_reachesTheUpstream_andNoReplacementFollows() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.replaceError(with: 0).subscribe(subscriber)

        subscriber.cancel()
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        XCTAssertEqual(subscriber.history, ["subscription"])
    }

    func test_aCancelBeforeTheSubscription_changesNothing() {
        let upstream = DrivenPublisher<Int, TestError>(subscribesAtOnce: false)
        upstream.replaceError(with: 0).subscribe(TrackingSubscriber<Int, Never>())
        (upstream.subscriberObject as? any Subscription)?.cancel()

        upstream.sendSubscription()

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.unlimited)])
    }
}
