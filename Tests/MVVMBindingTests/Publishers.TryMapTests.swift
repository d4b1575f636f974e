import MVVMBinding
import XCTest

final class TryMapTests: XCTestCase {
    func test_tryMap_transformsValuesUntilOneThrows() {
        let subscriber = TrackingSubscriber<Int, Error>()

        [1, 2, 3, 4].publisher
            .tryMap { value -> Int in
                if value == 3 { throw TestError.oops }
                return value * 10
            }
            .subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(10)", "value(20)", "failure(oops)"])
    }

    func test_thrownError_cancelsTheUpstreamOnce_laterValuesAreStillTransformed_andItsCompletionIgnored() {
        // Combine's tryMap checks nothing per value: a misbehaving upstream's value after the
        // error is transformed too (here it throws again).
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryMap { _ -> Int in throw TestError.other("bad") }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(2)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        XCTAssertEqual(subscriber.history, ["subscription", "failure(bad)", "failure(bad)"])
    }

    func test_upstreamFailure_isPassedOnAsError() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryMap { $0 }.subscribe(subscriber)

        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.completion.map { "\($0)" }, "failure(oops)")
        XCTAssertEqual(upstream.subscription.cancelCount, 0)
    }

    func test_demandAndCancel_passThrough() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>(initialDemand: .max(1), demandAfterValue: { _ in .max(2) })
        upstream.tryMap { $0 }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(2))
        subscriber.cancel()
        subscriber.request(.max(5))

        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_mapAfterTryMap_fusesIntoOneTryMap() {
        let fused: Publishers.TryMap<Publishers.Sequence<[Int], Never>, String> = [1, 2].publisher
            .tryMap { $0 * 2 }
            .map { "\($0)" }
        let subscriber = TrackingSubscriber<String, Error>()

        fused.subscribe(subscriber)

        XCTAssertEqual(subscriber.values, ["2", "4"])
    }

    func test_cancel_releasesTheTransformAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.tryMap { $0 + canary.value } }
    }
}

// MARK: - Combine's rules (issue 24)

extension TryMapTests {
    func test_aValueSentBeforeTheSubscription_isTransformedAndPassedOn() {
        let upstream = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<Int, Error>(demandAfterValue: { _ in .max(42) })
        upstream.tryMap { $0 * 2 }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(42))

        XCTAssertEqual(subscriber.values, [2])
    }

    func test_aCancelBeforeTheUpstreamSubscribed_changesNothing() {
        XCTAssertEqual(historyOfSubscriptionArrivingAfterCancel { $0.tryMap { $0 } }, [.subscribed, .requested(.unlimited)])
    }

    func test_theSubscription_printsAsTryMap_withAnEmptyMirror_andASecondSubscriptionIsCancelled() throws {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryMap { $0 }.subscribe(subscriber)
        let second = TrackingSubscription()
        upstream.subscriber?.receive(subscription: second)

        XCTAssertEqual(subscriber.subscriptionDescription, "TryMap")
        XCTAssertEqual(Mirror(reflecting: try XCTUnwrap(subscriber.subscription)).children.count, 0)
        XCTAssertEqual(second.history, [.cancelled])
    }
}
