import MVVMBinding
import XCTest

final class DelayTests: XCTestCase {
    func test_delay_deliversEveryValueAndTheCompletionTheIntervalLater() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.delay(for: 1, scheduler: scheduler).subscribe(subscriber)

        subject.send(1)
        scheduler.advance(by: 0.5)
        subject.send(2)
        scheduler.advance(by: 0.2)
        subject.send(completion: .finished)

        scheduler.advance(by: 0.3)  // t = 1.0
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)"])
        scheduler.advance(by: 0.5)  // t = 1.5
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)"])
        scheduler.advance(by: 0.19)
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)"])
        scheduler.advance(by: 0.01)  // t = 1.7
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func test_delay_delaysFailureToo() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        subject.delay(for: .milliseconds(10), scheduler: scheduler).subscribe(subscriber)

        subject.send(completion: .failure(.oops))
        scheduler.advance(by: .milliseconds(9))
        XCTAssertEqual(subscriber.history, ["subscription"])
        scheduler.advance(by: .milliseconds(1))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_demand_passesStraightThroughToTheUpstream() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2), demandAfterValue: { _ in .max(1) })
        upstream.delay(for: 1, scheduler: scheduler).subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])

        XCTAssertEqual(upstream.send(1), .none, "the demand a delayed value brings is not known yet")
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])
        scheduler.advance(by: 1)

        XCTAssertEqual(subscriber.values, [1])
        XCTAssertEqual(upstream.subscription.requests, [.max(2), .max(1)])
        subscriber.request(.max(5))
        XCTAssertEqual(upstream.subscription.requests, [.max(2), .max(1), .max(5)])
    }

    func test_delay_usesTheSchedulersMinimumToleranceByDefault() {
        let scheduler = TestScheduler()
        let publisher = Just(1).delay(for: 2, scheduler: scheduler)

        XCTAssertEqual(publisher.interval, .seconds(2))
        XCTAssertEqual(publisher.tolerance, scheduler.minimumTolerance)
        XCTAssertEqual(Just(1).delay(for: 2, tolerance: 0.5, scheduler: scheduler).tolerance, .milliseconds(500))
    }

    func test_aCancelBeforeTheUpstreamFinished_dropsTheValuesInFlight() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.delay(for: 1, scheduler: scheduler).subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)
        subscriber.cancel()
        scheduler.advance(by: 5)

        XCTAssertEqual(subscriber.history, ["subscription"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_aCancelAfterTheUpstreamFinished_stopsNothing_asCombines() {
        // The stream ended with the upstream's completion: what is in flight is delivered.
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.delay(for: 1, scheduler: scheduler).subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .finished)
        let subscription = subscriber.subscription
        subscription?.cancel()
        scheduler.advance(by: 5)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
        XCTAssertEqual(upstream.subscription.cancelCount, 0, "the upstream had already finished")
    }

    func test_cancel_cancelsALiveUpstream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.delay(for: 1, scheduler: TestScheduler()).subscribe(subscriber)

        subscriber.cancel()

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_workOnTheScheduler_holdsTheSubscriber_untilItRuns_evenAfterACancel() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let subscriber = TrackingSubscriber<Int, Never>()
            weakSubscriber = subscriber
            subject.delay(for: 1, scheduler: scheduler).subscribe(subscriber)
            subject.send(1)
            subscriber.cancel()
        }
        XCTAssertNotNil(weakSubscriber, "as Combine's, the value on its way holds the operator and its downstream")

        scheduler.advance(by: 2)

        XCTAssertNil(weakSubscriber)
    }

    func test_delay_onARealQueue_deliversNoEarlierThanTheInterval() async {
        let queue = DispatchQueue(label: "DelayTests")
        let start = DispatchTime.now()
        let delivered = expectation(description: "delayed value")
        var elapsed: UInt64 = 0
        let cancellable = Just(1).delay(for: .milliseconds(20), scheduler: queue).sink { _ in
            elapsed = DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds
            delivered.fulfill()
        }

        await fulfillment(of: [delivered], timeout: 2)
        XCTAssertGreaterThanOrEqual(elapsed, 20_000_000)
        cancellable.cancel()
    }
}

// MARK: - Combine's rules (issue 24)

extension DelayTests {
    func test_aScheduledCompletion_isDeliveredAfterTheSubscriberIsReleased() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let received = ConcurrentRecorder<String>()
        upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(
            Subscribers.Sink(
                receiveCompletion: { _ in received.append("finished") },
                receiveValue: { received.append("value(\($0))") }))

        upstream.send(1)
        upstream.send(completion: .finished)
        upstream.releaseSubscriber()  // nobody but the scheduled events holds the pipeline now
        scheduler.advance(by: .seconds(1))

        XCTAssertEqual(received.elements, ["value(1)", "finished"])
    }

    func test_aCancelBeforeTheUpstreamSubscribed_changesNothing_asCombines() {
        XCTAssertEqual(
            historyOfSubscriptionArrivingAfterCancel { $0.delay(for: .seconds(1), scheduler: TestScheduler()) },
            [.subscribed, .requested(.unlimited)])
    }
}

// MARK: - The scheduler's calls and delivery (issue "Combine to the letter")

extension DelayTests {
    private static let options = TrackingScheduler.SchedulerOptions(tag: "L")

    func test_everyEvent_isScheduledWithTheMinimumToleranceByDefault_andTheOptions() {
        let scheduler = TrackingScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        upstream.delay(for: .seconds(2), scheduler: scheduler, options: Self.options).subscribe(TrackingSubscriber<Int, Never>())

        upstream.send(1)
        scheduler.advance(by: .milliseconds(500))
        upstream.send(completion: .finished)

        XCTAssertEqual(
            scheduler.calls,
            [
                .after(nanoseconds: 2_000_000_000, tolerance: .nanoseconds(7), options: Self.options),
                .after(nanoseconds: 2_500_000_000, tolerance: .nanoseconds(7), options: Self.options),
            ])
    }

    func test_aGivenTolerance_isPassedToTheScheduler() {
        let scheduler = TrackingScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        upstream.delay(for: .seconds(2), tolerance: .milliseconds(3), scheduler: scheduler, options: Self.options)
            .subscribe(TrackingSubscriber<Int, Never>())

        upstream.send(1)

        XCTAssertEqual(scheduler.calls, [.after(nanoseconds: 2_000_000_000, tolerance: .milliseconds(3), options: Self.options)])
    }

    func test_valuesAndTheCompletion_areDeliveredOnTheScheduler() {
        let scheduler = TrackingScheduler()
        let recorder = ConcurrentRecorder<String>()
        let upstream = DrivenPublisher<Int, TestError>()
        upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(scheduler.placeRecordingSink(recorder))

        upstream.send(1)
        upstream.send(completion: .failure(.oops))
        XCTAssertEqual(recorder.elements, [])
        scheduler.advance(by: .seconds(1))

        XCTAssertEqual(recorder.elements, ["value(1) on scheduler", "failure(oops) on scheduler"])
    }
}

extension DelayTests {
    func test_cancellingTwice_reachesTheUpstreamOnce_andNothingFollows() {
        assertCancelReachesTheUpstreamOnce { $0.delay(for: .seconds(1), scheduler: $1) }
    }
}
