import Dispatch
import MVVMBinding
import XCTest

final class ReceiveOnTests: XCTestCase {
    func test_receiveOn_deliversTheValuesAndCompletionThroughTheScheduler() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.receive(on: scheduler).subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription"])

        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.history, ["subscription"])

        scheduler.advance()
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
        XCTAssertEqual(scheduler.now, TestScheduler.SchedulerTimeType(nanoseconds: 0), "no time passes")
    }

    func test_requests_passStraightThroughToTheUpstream() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.receive(on: scheduler).subscribe(subscriber)
        scheduler.advance()
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])

        subscriber.request(.max(3))

        XCTAssertEqual(upstream.subscription.requests, [.max(2), .max(3)], "no scheduler hop for requests")
    }

    func test_demandReturnedFromReceive_isRequestedFromTheUpstream() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { _ in .max(1) })
        upstream.receive(on: scheduler).subscribe(subscriber)
        scheduler.advance()

        XCTAssertEqual(upstream.send(1), .none, "the demand is not known until the scheduler delivers")
        scheduler.advance()

        XCTAssertEqual(upstream.subscription.requests, [.max(1), .max(1)])
    }

    func test_completionBeforeTheSubscriptionIsDelivered_stillArrivesAfterIt() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.receive(on: scheduler).subscribe(subscriber)

        upstream.send(completion: .failure(.oops))
        scheduler.advance()

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_cancel_passesStraightThroughAndDropsEventsStillOnTheScheduler() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.receive(on: scheduler).subscribe(subscriber)
        scheduler.advance()

        upstream.send(1)
        subscriber.cancel()
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        scheduler.advance()

        XCTAssertEqual(subscriber.history, ["subscription"])
    }

    func test_cancel_afterTheUpstreamFinished_stopsNothing_theScheduledCompletionIsDelivered() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.receive(on: scheduler).subscribe(subscriber)
        scheduler.advance()

        upstream.send(completion: .finished)
        let subscription = subscriber.subscription
        subscription?.cancel()
        scheduler.advance()

        XCTAssertEqual(subscriber.history, ["subscription", "finished"], "as Combine's")
        XCTAssertEqual(upstream.subscription.cancelCount, 0, "a finished upstream is not cancelled")
    }

    func test_scheduledValues_holdTheSubscriber_untilTheSchedulerRuns_andAreDroppedAfterACancel() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let subscriber = TrackingSubscriber<Int, Never>()
            weakSubscriber = subscriber
            subject.receive(on: scheduler).subscribe(subscriber)
            scheduler.advance()
            subject.send(1)
            subscriber.cancel()
        }
        XCTAssertNotNil(weakSubscriber, "as Combine's, scheduled events hold the operator and its downstream")
        scheduler.advance()

        XCTAssertNil(weakSubscriber)
    }

    func test_receiveOn_aDispatchQueue_deliversOnThatQueue() async {
        let queue = DispatchQueue(label: "ReceiveOnTests")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let subject = CurrentValueSubject<Int, Never>(0)
        let received = expectation(description: "values on the queue")
        received.expectedFulfillmentCount = 2
        let onQueue = ConcurrentRecorder<Bool>()
        let cancellable =
            subject
            .dropFirst()
            .receive(on: queue)
            .sink { _ in
                onQueue.append(DispatchQueue.getSpecific(key: key) == true)
                received.fulfill()
            }
        // The subscription, and so the demand, reaches the sink on the queue: wait for it.
        queue.sync {}

        subject.send(1)
        subject.send(2)

        await fulfillment(of: [received], timeout: 2)
        XCTAssertEqual(onQueue.elements, [true, true])
        cancellable.cancel()
    }

    func test_receiveOn_aSerialQueue_keepsTheOrderOfValuesSentFromAnotherThread() async {
        let queue = DispatchQueue(label: "ReceiveOnTests.order")
        let subject = PassthroughSubject<Int, Never>()
        let done = expectation(description: "all values")
        let recorder = ConcurrentRecorder<Int>()
        let cancellable = subject.receive(on: queue).sink(
            receiveCompletion: { _ in done.fulfill() },
            receiveValue: { recorder.append($0) })
        // Wait for the subscription to arrive on the queue before sending.
        queue.sync {}

        DispatchQueue.global().async {
            for value in 0..<100 { subject.send(value) }
            subject.send(completion: .finished)
        }

        await fulfillment(of: [done], timeout: 2)
        XCTAssertEqual(recorder.elements, Array(0..<100))
        cancellable.cancel()
    }
}

// MARK: - Combine's rules (issue 24)

extension ReceiveOnTests {
    func test_subscriptionAndRequests_areSynchronous_onlyValuesAndCompletionAreScheduled() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(3))

        upstream.receive(on: scheduler).subscribe(subscriber)

        XCTAssertEqual(subscriber.events, [.subscription])
        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(3))])
        upstream.send(1)
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.events, [.subscription])
        scheduler.advance()
        XCTAssertEqual(subscriber.events, [.subscription, .value(1), .completion(.finished)])
    }

    func test_aScheduledCompletion_isDeliveredAfterTheSubscriberIsReleased() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let received = ConcurrentRecorder<String>()
        upstream.receive(on: scheduler).subscribe(
            Subscribers.Sink(
                receiveCompletion: { _ in received.append("finished") },
                receiveValue: { received.append("value(\($0))") }))

        upstream.send(1)
        upstream.send(completion: .finished)
        upstream.releaseSubscriber()  // nobody but the scheduled events holds the pipeline now
        scheduler.advance()

        XCTAssertEqual(received.elements, ["value(1)", "finished"])
    }

    func test_aCancelBeforeTheUpstreamSubscribed_changesNothing_asCombines() {
        XCTAssertEqual(
            historyOfSubscriptionArrivingAfterCancel { $0.receive(on: TestScheduler()) }, [.subscribed, .requested(.unlimited)])
    }
}

// MARK: - The scheduler's calls and delivery (issue "Combine to the letter")

extension ReceiveOnTests {
    private static let options = TrackingScheduler.SchedulerOptions(tag: "R")

    func test_everyValueAndTheCompletion_isScheduledWithTheOptions_andNothingElseIs() {
        let scheduler = TrackingScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.receive(on: scheduler, options: Self.options).subscribe(subscriber)
        subscriber.request(.max(1))

        upstream.send(1)
        upstream.send(completion: .finished)

        XCTAssertEqual(scheduler.calls, [.now(options: Self.options), .now(options: Self.options)])
        XCTAssertEqual(upstream.subscription.requests, [.max(1), .max(1)], "requests are not scheduled")
    }

    func test_valuesAndTheCompletion_areDeliveredOnTheScheduler() {
        let scheduler = TrackingScheduler()
        let recorder = ConcurrentRecorder<String>()
        let upstream = DrivenPublisher<Int, Never>()
        upstream.receive(on: scheduler).subscribe(scheduler.placeRecordingSink(recorder))

        upstream.send(1)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.elements, [])
        scheduler.advance()

        XCTAssertEqual(recorder.elements, ["value(1) on scheduler", "finished on scheduler"])
    }
}

extension ReceiveOnTests {
    func test_cancellingTwice_reachesTheUpstreamOnce_andNothingFollows() {
        assertCancelReachesTheUpstreamOnce { $0.receive(on: $1) }
    }
}
