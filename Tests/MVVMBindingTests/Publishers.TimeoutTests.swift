import MVVMBinding
import XCTest

final class TimeoutTests: XCTestCase {
    func test_timeout_finishesAndCancelsTheUpstream_whenNoValueArrivesInTime() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)

        scheduler.advance(by: .milliseconds(999))
        XCTAssertEqual(subscriber.history, ["subscription"])
        scheduler.advance(by: .milliseconds(1))

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_everyValue_restartsTheClock_andIsDeliveredOnTheScheduler() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)

        scheduler.advance(by: .milliseconds(600))
        XCTAssertEqual(upstream.send(1), .none)
        XCTAssertEqual(subscriber.values, [], "not before the scheduler runs")
        scheduler.advance(by: .milliseconds(600))
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)"])
        scheduler.advance(by: .milliseconds(400))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
    }

    func test_aCustomError_failsTheStreamOnTimeout() {
        let scheduler = TestScheduler()
        let subscriber = TrackingSubscriber<Int, TestError>()
        PassthroughSubject<Int, TestError>()
            .timeout(.seconds(1), scheduler: scheduler) { .other("timed out") }
            .subscribe(subscriber)

        scheduler.advance(by: .seconds(1))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(timed out)"])
    }

    func test_anUpstreamCompletion_isDeliveredOnTheScheduler_andStopsTheClock() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)

        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.history, ["subscription"])
        scheduler.advance(by: .seconds(5))

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
        XCTAssertEqual(upstream.subscription.cancelCount, 0)
    }

    func test_demand_passesThroughToTheUpstream() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1)) { _ in .max(2) }
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)

        upstream.send(1)
        scheduler.advance()

        XCTAssertEqual(upstream.subscription.requests, [.max(1), .max(2)])
    }

    func test_cancel_stopsTheClock_andReleasesTheSubscriber() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let subscriber = TrackingSubscriber<Int, Never>()
            weakSubscriber = subscriber
            upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)
            subscriber.cancel()
            upstream.releaseSubscriber()
        }
        scheduler.advance(by: .seconds(2))

        XCTAssertNil(weakSubscriber)
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}

// MARK: - The scheduler's calls, delivery and the request path (issue "Combine to the letter")

extension TimeoutTests {
    private static let options = TrackingScheduler.SchedulerOptions(tag: "T")

    func test_theClock_isScheduledWithTheMinimumToleranceAndTheOptions_onSubscriptionTheFirstRequestAndEveryValue() {
        // As Combine's: a repeating schedule whose interval is the timeout's, disarmed and armed again.
        let scheduler = TrackingScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let second = TrackingScheduler.Call.repeating(
            nanoseconds: 1_000_000_000, interval: .seconds(1), tolerance: .nanoseconds(7), options: Self.options)
        upstream.timeout(.seconds(1), scheduler: scheduler, options: Self.options).subscribe(TrackingSubscriber<Int, Never>())
        XCTAssertEqual(scheduler.calls, [second, second], "at the subscription, then at the first request")
        scheduler.resetCalls()

        scheduler.advance(by: .milliseconds(100))
        upstream.send(1)

        XCTAssertEqual(
            scheduler.calls,
            [
                .repeating(nanoseconds: 1_100_000_000, interval: .seconds(1), tolerance: .nanoseconds(7), options: Self.options),
                .now(options: Self.options),
            ])
    }

    func test_theCompletion_isScheduledWithTheOptions() {
        let scheduler = TrackingScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        upstream.timeout(.seconds(1), scheduler: scheduler, options: Self.options).subscribe(TrackingSubscriber<Int, Never>())
        scheduler.resetCalls()

        upstream.send(completion: .finished)

        XCTAssertEqual(scheduler.calls, [.now(options: Self.options)])
    }

    func test_valuesTheUpstreamCompletionAndTheTimeout_areDeliveredOnTheScheduler() {
        let scheduler = TrackingScheduler()
        let recorder = ConcurrentRecorder<String>()
        let first = DrivenPublisher<Int, Never>()
        first.timeout(.seconds(1), scheduler: scheduler).subscribe(scheduler.placeRecordingSink(recorder))
        first.send(1)
        first.send(completion: .finished)
        scheduler.advance()
        let second = DrivenPublisher<Int, Never>()
        second.timeout(.seconds(1), scheduler: scheduler).subscribe(scheduler.placeRecordingSink(recorder))
        scheduler.advance(by: .seconds(1))

        XCTAssertEqual(recorder.elements, ["value(1) on scheduler", "finished on scheduler", "finished on scheduler"])
    }

    func test_aRequestFromInsideReceiveSubscription_reachesASynchronousUpstream_withoutHanging() {
        let scheduler = TestScheduler()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 2, 3].publisher.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)

        scheduler.advance()

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)"])
    }

    func test_downstreamRequests_areForwardedToTheUpstream_asTheyAreMade() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)

        subscriber.request(.max(3))
        subscriber.request(.unlimited)

        XCTAssertEqual(upstream.subscription.requests, [.max(1), .max(3), .unlimited])
    }

    func test_aRequestAfterTheTimeoutOrACancel_reachesNoUpstream_andDoesNotTrap() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)
        let subscription = subscriber.subscription
        scheduler.advance(by: .seconds(1))

        subscription?.request(.max(1))
        subscription?.cancel()
        subscription?.request(.max(1))

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(1)), .cancelled])
        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_aValueAfterTheTimeout_isNotDelivered() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(by: .seconds(1))

        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(completion: .finished)
        scheduler.advance(by: .seconds(5))

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_aRequestOfNone_isForwardedAsItIs_withoutTrapping() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.timeout(.seconds(1), scheduler: TestScheduler()).subscribe(subscriber)

        subscriber.request(.none)
        subscriber.request(.max(2))

        XCTAssertEqual(upstream.subscription.requests, [.none, .max(2)])
    }

    /// Combine's timeout cancels its upstream when the downstream cancels while the upstream's
    /// completion is still on the scheduler, and drops that completion.
    func test_aCancelWhileTheUpstreamsCompletionIsOnTheScheduler_cancelsTheUpstreamOnce_andDropsIt() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)
        let subscription = subscriber.subscription

        upstream.send(completion: .finished)
        subscription?.cancel()
        subscription?.cancel()
        scheduler.advance(by: .seconds(2))

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(1)), .cancelled])
        XCTAssertEqual(subscriber.history, ["subscription"])
    }

    func test_aCancelAfterTheCompletionWasDelivered_reachesNoUpstream() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)
        let subscription = subscriber.subscription

        upstream.send(completion: .finished)
        scheduler.advance()
        subscription?.cancel()

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(1))])
        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_aCancelAfterTheTimeout_doesNotCancelTheUpstreamAgain() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)
        let subscription = subscriber.subscription

        scheduler.advance(by: .seconds(1))
        subscription?.cancel()

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}

extension TimeoutTests {
    func test_cancellingTwice_reachesTheUpstreamOnce_andNothingFollows() {
        assertCancelReachesTheUpstreamOnce { $0.timeout(.seconds(1), scheduler: $1) }
    }

    func test_theDemandTheDownstreamAddsForAValue_isRequestedFromTheUpstream() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { _ in .max(3) })
        upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .none, "delivered later, on the scheduler")
        scheduler.advance()

        XCTAssertEqual(upstream.subscription.requests, [.max(1), .max(3)])
    }

    func test_workOnTheScheduler_keepsTheStreamAlive_untilItRuns() {
        let scheduler = TestScheduler()
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let upstream = DrivenPublisher<Int, Never>()
            let subscriber = TrackingSubscriber<Int, Never>()
            weakSubscriber = subscriber
            upstream.timeout(.seconds(1), scheduler: scheduler).subscribe(subscriber)
            upstream.send(completion: .finished)
            upstream.releaseSubscriber()
        }
        XCTAssertNotNil(weakSubscriber, "the completion on its way holds the subscription and its downstream")

        scheduler.advance()

        XCTAssertNil(weakSubscriber, "released once delivered")
    }
}
