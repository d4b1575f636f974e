import MVVMBinding
import XCTest

final class AllSatisfyTests: XCTestCase {
    func test_allSatisfy_publishesTrue_whenEveryValuePasses() {
        let subscriber = TrackingSubscriber<Bool, Never>()

        [2, 4, 6].unspecialisedPublisher.allSatisfy { $0.isMultiple(of: 2) }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(true)", "finished"])
    }

    func test_anEmptyUpstream_satisfiesThePredicate() {
        let subscriber = TrackingSubscriber<Bool, Never>()

        Empty<Int, Never>().allSatisfy { _ in false }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(true)", "finished"])
    }

    func test_theFirstFailingValue_publishesFalse_andCancelsTheUpstream() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Bool, TestError>()
        upstream.allSatisfy { $0 < 3 }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(5)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "value(false)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_theAnswer_waitsForTheDownstreamsDemand() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Bool, Never>(initialDemand: nil)
        upstream.allSatisfy { _ in true }.subscribe(subscriber)
        subscriber.request(.max(1))

        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(true)", "finished"])
    }

    func test_anUpstreamFailure_isPassedOn() {
        let subscriber = TrackingSubscriber<Bool, TestError>()

        Fail<Int, TestError>(error: .oops).allSatisfy { _ in true }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_cancel_releasesThePredicateAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.allSatisfy { $0 > canary.value } }
    }
}
