import MVVMBinding
import XCTest

final class PrefixWhileTests: XCTestCase {
    func test_prefixWhile_republishesUntilTheFirstRejectedValue_thenFinishesAndCancels() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2)) { _ in .max(1) }
        upstream.prefix { $0 < 3 }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(1))
        upstream.send(2)
        XCTAssertEqual(upstream.send(3), .none)
        upstream.send(1)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_anUpstreamThatEndsFirst_endsTheStream() {
        let subscriber = TrackingSubscriber<Int, TestError>()

        Fail<Int, TestError>(error: .oops).prefix { _ in true }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_cancel_releasesThePredicateAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.prefix { $0 < canary.value + 10 } }
    }
}
