import MVVMBinding
import XCTest

final class DropTests: XCTestCase {
    func test_dropFirst_omitsOneValueByDefault() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2, 3].unspecialisedPublisher.dropFirst().subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)", "value(3)", "finished"])
    }

    func test_dropFirstCount_omitsThatManyValues() {
        let subscriber = TrackingSubscriber<Int, Never>()

        (1...5).unspecialisedPublisher.dropFirst(3).subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [4, 5])
    }

    func test_dropFirstZero_omitsNothing() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2].unspecialisedPublisher.dropFirst(0).subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [1, 2])
    }

    func test_valuesToOmit_areRequestedTogetherWithTheDownstreamDemand() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))

        upstream.dropFirst(2).subscribe(subscriber)

        XCTAssertEqual(upstream.subscription.requests, [.max(3)], "one request: the downstream's and the omitted")
        XCTAssertEqual(upstream.send(1), .none)
        XCTAssertEqual(upstream.send(2), .none)
        upstream.send(3)
        XCTAssertEqual(subscriber.values, [3])
    }

    func test_downstreamDemand_isMetExactly() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))

        (1...5).unspecialisedPublisher.dropFirst(2).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(3)"])
    }

    func test_upstreamThatCompletesOnFirstRequest_neverCompletesBeforeTheSubscription() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)

        [1].unspecialisedPublisher.dropFirst().subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_failureAndCancel_passThrough() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.dropFirst().subscribe(subscriber)
        let subscription = subscriber.subscription

        upstream.send(completion: .failure(.oops))
        upstream.send(completion: .finished)
        subscription?.cancel()

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 0, "a completed stream has nothing to cancel")
    }

    func test_cancel_reachesTheUpstreamAndReleasesTheSubscriber() {
        let upstream = DrivenPublisher<Int, Never>()
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let subscriber = TrackingSubscriber<Int, Never>()
            weakSubscriber = subscriber
            upstream.dropFirst().subscribe(subscriber)
            subscriber.cancel()
        }
        upstream.releaseSubscriber()

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        XCTAssertNil(weakSubscriber)
    }

    func test_seedIdiom_dropFirstSkipsTheCurrentValueAndDeliversTheChange() async {
        let sut = CurrentValueSubject<[String], Never>([])
        let expectation = expectation(description: "items updated")
        let cancellable = sut.dropFirst().sink { items in
            XCTAssertEqual(items, ["a", "b"])
            expectation.fulfill()
        }

        sut.send(["a", "b"])

        await fulfillment(of: [expectation], timeout: 2.0)
        _ = cancellable
    }
}

// MARK: - Combine's rules (issue 24)

extension DropTests {
    func test_dropFirst_asksUpstreamOnce_forTheDownstreamsDemandPlusTheCount() {
        let upstream = DrivenPublisher<Int, Never>()

        upstream.dropFirst(2).subscribe(TrackingSubscriber<Int, Never>(initialDemand: .max(42)))

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(44))])
    }

    func test_laterRequests_passUnchanged() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.dropFirst(2).subscribe(subscriber)

        subscriber.request(.max(5))

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(2)), .requested(.max(5))])
    }

    func test_aSubscriptionArrivingAfterCancel_isLeftAlone() {
        XCTAssertEqual(historyOfSubscriptionArrivingAfterCancel { $0.dropFirst() }, [.subscribed])
    }

    func test_subscription_printsAsDrop_andReflectsItsDownstream() throws {
        let subscriber = TrackingSubscriber<Int, Never>()
        DrivenPublisher<Int, Never>().dropFirst().subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "Drop")
        let mirror = Mirror(reflecting: try XCTUnwrap(subscriber.subscription))
        XCTAssertEqual(mirror.children.map(\.label), ["downstream"])
    }
}
