import MVVMBinding
import XCTest

final class FirstTests: XCTestCase {
    func test_first_republishesTheFirstValue_cancelsUpstreamAndFinishes() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.first().subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_subscription_asksUpstreamForUnlimitedValues_once() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.first().subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])

        subscriber.request(.max(1))
        subscriber.request(.max(1))

        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func test_emptyUpstream_finishesWithoutAValue_onceAsked() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)

        Empty<Int, Never>().first().subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription"], "as Combine's, even an empty result waits for demand")
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_failureBeforeAValue_isPassedOn() {
        let subscriber = TrackingSubscriber<Int, TestError>()

        Fail<Int, TestError>(error: .oops).first().subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_valueThatArrivesBeforeAnyRequest_waitsForOne() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.first().subscribe(subscriber)

        upstream.send(9)  // an upstream racing ahead of the request
        XCTAssertEqual(subscriber.history, ["subscription"])
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(9)", "finished"])
    }

    func test_cancel_reachesTheUpstreamAndReleasesTheSubscriber() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.first().subscribe(subscriber)

        subscriber.cancel()
        upstream.send(1)

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        XCTAssertEqual(subscriber.history, ["subscription"])
        assertCancelReleasesPipeline { subject, canary in subject.map { $0 + canary.value }.first() }
    }
}
