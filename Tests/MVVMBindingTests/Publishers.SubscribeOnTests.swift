import Dispatch
import MVVMBinding
import XCTest

final class SubscribeOnTests: XCTestCase {
    func test_subscribeOn_subscribesToTheUpstreamOnTheScheduler() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()

        upstream.subscribe(on: scheduler).subscribe(subscriber)
        XCTAssertFalse(upstream.hasSubscriber)
        XCTAssertEqual(subscriber.history, [])

        scheduler.advance()
        XCTAssertTrue(upstream.hasSubscriber)
        XCTAssertEqual(subscriber.history, ["subscription"])
    }

    func test_requests_areMadeOnTheScheduler() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        // The subscriber's initial request hops too, and runs within the same advance.
        scheduler.advance()
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])

        subscriber.request(.max(4))
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
        scheduler.advance()
        XCTAssertEqual(upstream.subscription.requests, [.max(1), .max(4)])
    }

    func test_valuesAndCompletion_passStraightThrough() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(demandAfterValue: { _ in .max(2) })
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.advance()

        XCTAssertEqual(upstream.send(1), .max(2), "demand from receive(_:) is returned directly")
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "failure(oops)"])
    }

    func test_cancel_isMadeOnTheSchedulerAndStopsDeliveryAtOnce() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.advance()

        subscriber.cancel()
        upstream.send(1)
        XCTAssertEqual(upstream.subscription.cancelCount, 0)
        scheduler.advance()

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        XCTAssertEqual(subscriber.history, ["subscription"])
    }

    func test_cancel_releasesTheSubscriber() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let subscriber = TrackingSubscriber<Int, Never>()
            weakSubscriber = subscriber
            subject.subscribe(on: scheduler).subscribe(subscriber)
            scheduler.advance()
            subject.send(1)
            XCTAssertEqual(subscriber.values, [1])
            subscriber.cancel()
            scheduler.advance()
        }
        XCTAssertNil(weakSubscriber)
    }

    func test_subscribeOn_aDispatchQueue_runsTheSubscriptionOnThatQueue() async {
        let queue = DispatchQueue(label: "SubscribeOnTests")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let subscribedOnQueue = ConcurrentRecorder<Bool>()
        let received = expectation(description: "value")
        let cancellable = Deferred { () -> Just<Int> in
            subscribedOnQueue.append(DispatchQueue.getSpecific(key: key) == true)
            return Just(7)
        }
        .subscribe(on: queue)
        .sink { value in
            XCTAssertEqual(value, 7)
            received.fulfill()
        }

        await fulfillment(of: [received], timeout: 2)
        XCTAssertEqual(subscribedOnQueue.elements, [true])
        cancellable.cancel()
    }
}

// MARK: - Combine's rules (issue 24)

extension SubscribeOnTests {
    func test_aScheduledSubscription_stillDeliversAfterTheSubscriberIsReleased() {
        let scheduler = TestScheduler()
        let received = ConcurrentRecorder<String>()
        Just(1).subscribe(on: scheduler).subscribe(
            Subscribers.Sink(
                receiveCompletion: { _ in received.append("finished") },
                receiveValue: { received.append("value(\($0))") }))

        scheduler.advance()

        XCTAssertEqual(received.elements, ["value(1)", "finished"])
    }

    func test_aCancelBeforeTheUpstreamSubscribed_changesNothing_asCombines() {
        XCTAssertEqual(
            historyOfSubscriptionArrivingAfterCancel { $0.subscribe(on: ImmediateScheduler.shared) }, [.subscribed, .requested(.unlimited)])
    }
}

// MARK: - Subscribe, request and cancel on the scheduler (issue "Combine to the letter")

extension SubscribeOnTests {
    private static let options = TrackingScheduler.SchedulerOptions(tag: "S")

    func test_subscribeRequestAndCancel_areEachScheduledWithTheOptions() {
        let scheduler = TrackingScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.subscribe(on: scheduler, options: Self.options).subscribe(subscriber)
        XCTAssertEqual(scheduler.calls, [.now(options: Self.options)], "the subscribe")
        scheduler.advance()

        subscriber.request(.max(2))
        XCTAssertEqual(scheduler.calls.count, 2, "the request")
        subscriber.cancel()

        XCTAssertEqual(scheduler.calls, Array(repeating: .now(options: Self.options), count: 3))
        XCTAssertEqual(upstream.history, [.subscribed], "nothing reaches the upstream before the scheduler runs")
        scheduler.advance()
        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(2)), .cancelled])
    }

    func test_theUpstreamIsSubscribed_requested_andCancelled_onTheScheduler() {
        let scheduler = TrackingScheduler()
        let places = ConcurrentRecorder<String>()
        let upstream = DrivenPublisher<Int, Never>(
            onRequest: { places.append("request(\($0)) \(scheduler.isRunningAction ? "on" : "off") scheduler") },
            onCancel: { places.append("cancel \(scheduler.isRunningAction ? "on" : "off") scheduler") })
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        Deferred { () -> DrivenPublisher<Int, Never> in
            places.append("subscribe \(scheduler.isRunningAction ? "on" : "off") scheduler")
            return upstream
        }
        .subscribe(on: scheduler)
        .subscribe(subscriber)
        scheduler.advance()

        subscriber.request(.max(3))
        scheduler.advance()
        subscriber.cancel()
        scheduler.advance()

        XCTAssertEqual(
            places.elements,
            [
                "subscribe on scheduler", "request(max(1)) on scheduler", "request(max(3)) on scheduler",
                "cancel on scheduler",
            ])
    }

    func test_valuesAndTheCompletion_areNotScheduled() {
        let scheduler = TrackingScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.advance()
        scheduler.resetCalls()

        upstream.send(1)
        upstream.send(completion: .finished)

        XCTAssertEqual(scheduler.calls, [])
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
    }
}

extension SubscribeOnTests {
    func test_cancellingTwice_reachesTheUpstreamOnce_andNothingFollows() {
        assertCancelReachesTheUpstreamOnce { $0.subscribe(on: $1) }
    }
}
