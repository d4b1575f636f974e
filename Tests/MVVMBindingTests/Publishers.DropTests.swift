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

    func test_completions_passThroughAsTheyCome_evenASecondOne_asCombines() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.dropFirst().subscribe(subscriber)
        let subscription = subscriber.subscription

        upstream.send(completion: .failure(.oops))
        upstream.send(completion: .finished)
        subscription?.cancel()

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)", "finished"])
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

    func test_theDownstreamIsSubscribedFirst_andItsEarlyDemandJoinsTheCount_whenTheUpstreamSubscribes() {
        let upstream = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(10))

        upstream.dropFirst(4).subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription"], "subscribed before the upstream is")
        upstream.sendSubscription()

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(14))])
    }

    func test_aCancelBeforeTheUpstreamSubscribed_doesNotStopItsRequest() {
        XCTAssertEqual(historyOfSubscriptionArrivingAfterCancel { $0.dropFirst() }, [.subscribed, .requested(.unlimited)])
    }

    func test_aSecondSubscription_isCancelled_butOneAfterACompletionIsTaken() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil, demandAfterValue: { _ in .max(3) })
        upstream.dropFirst(3).subscribe(subscriber)
        let early = TrackingSubscription()
        upstream.subscriber?.receive(subscription: early)
        XCTAssertEqual(early.history, [.cancelled])
        let subscription = subscriber.subscription

        upstream.send(completion: .finished)
        subscription?.request(.max(10))
        upstream.send(1)
        let late = TrackingSubscription()
        upstream.subscriber?.receive(subscription: late)

        // Combine's Drop counts values and keeps requests after its completion too.
        XCTAssertEqual(late.history, [.requested(.max(12))])
        XCTAssertEqual(upstream.send(2), .none)
        XCTAssertEqual(upstream.send(3), .none)
        XCTAssertEqual(upstream.send(4), .max(3))
        XCTAssertEqual(subscriber.history, ["subscription", "finished", "value(4)"])
    }

    func test_subscription_printsAsDrop_withAnEmptyMirror() throws {
        let subscriber = TrackingSubscriber<Int, Never>()
        DrivenPublisher<Int, Never>().dropFirst().subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "Drop")
        let mirror = Mirror(reflecting: try XCTUnwrap(subscriber.subscription))
        XCTAssertEqual(mirror.children.count, 0)
    }
}
