import MVVMBinding
import XCTest

final class ThrottleTests: XCTestCase {
    private func makeSUT(latest: Bool, initialDemand: Subscribers.Demand? = .unlimited) -> (
        TestScheduler, PassthroughSubject<Int, TestError>, TrackingSubscriber<Int, TestError>
    ) {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: initialDemand)
        subject.throttle(for: 1, scheduler: scheduler, latest: latest).subscribe(subscriber)
        return (scheduler, subject, subscriber)
    }

    func test_throttle_publishesTheFirstValueAtOnceOnTheScheduler() {
        let (scheduler, subject, subscriber) = makeSUT(latest: true)

        subject.send(1)
        XCTAssertEqual(subscriber.values, [])
        scheduler.advance()

        XCTAssertEqual(subscriber.values, [1])
    }

    func test_throttleLatest_publishesTheMostRecentValueOfTheInterval() {
        let (scheduler, subject, subscriber) = makeSUT(latest: true)

        subject.send(1)
        scheduler.advance(by: 0.25)
        subject.send(2)
        scheduler.advance(by: 0.25)
        subject.send(3)
        scheduler.advance(by: 0.49)
        XCTAssertEqual(subscriber.values, [1])

        scheduler.advance(by: 0.01)
        XCTAssertEqual(subscriber.values, [1, 3])
    }

    func test_throttleFirst_publishesTheFirstValueOfTheInterval() {
        let (scheduler, subject, subscriber) = makeSUT(latest: false)

        subject.send(1)
        scheduler.advance(by: 0.25)
        subject.send(2)
        scheduler.advance(by: 0.25)
        subject.send(3)
        scheduler.advance(by: 0.5)

        XCTAssertEqual(subscriber.values, [1, 2])
    }

    func test_throttle_publishesAtMostOneValuePerInterval() {
        let (scheduler, subject, subscriber) = makeSUT(latest: true)
        var publicationTimes: [Int] = []
        let recorder = subject.throttle(for: 1, scheduler: scheduler, latest: true).sink(
            receiveCompletion: { _ in },
            receiveValue: { _ in publicationTimes.append(scheduler.now.nanoseconds / 1_000_000) })

        for value in 0..<40 {  // a value every 100 ms for 4 s
            subject.send(value)
            scheduler.advance(by: .milliseconds(100))
        }
        scheduler.advance(by: 1)

        XCTAssertEqual(publicationTimes, [0, 1000, 2000, 3000, 4000])
        XCTAssertEqual(subscriber.values, [0, 9, 19, 29, 39])
        recorder.cancel()
    }

    func test_throttle_afterAQuietPeriod_publishesTheNextValueAtOnce() {
        let (scheduler, subject, subscriber) = makeSUT(latest: true)

        subject.send(1)
        scheduler.advance(by: 5)
        subject.send(2)
        scheduler.advance()

        XCTAssertEqual(subscriber.values, [1, 2])
    }

    func test_throttle_dropsValuesThatArriveWithoutDemand() {
        let (scheduler, subject, subscriber) = makeSUT(latest: true, initialDemand: .max(1))

        subject.send(1)
        scheduler.advance(by: 2)
        subject.send(2)
        scheduler.advance(by: 2)
        subscriber.request(.max(1))
        subject.send(3)
        scheduler.advance()

        XCTAssertEqual(subscriber.values, [1, 3])
    }

    func test_throttle_requestsUnlimitedDemandFromTheUpstream() {
        let upstream = DrivenPublisher<Int, Never>()
        upstream.throttle(for: 1, scheduler: TestScheduler(), latest: false).subscribe(
            TrackingSubscriber<Int, Never>(initialDemand: .max(1)))

        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func test_completion_isDeliveredRightAfterAHeldValue() {
        let (scheduler, subject, subscriber) = makeSUT(latest: true)

        subject.send(1)
        scheduler.advance()
        subject.send(2)
        subject.send(completion: .failure(.oops))
        scheduler.advance(by: 0.5)
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)"])

        scheduler.advance(by: 0.5)
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "failure(oops)"])
    }

    func test_completion_withNothingHeld_isDeliveredOnTheSchedulerAtOnce() {
        let (scheduler, subject, subscriber) = makeSUT(latest: false)

        subject.send(completion: .finished)
        XCTAssertEqual(subscriber.history, ["subscription"])
        scheduler.advance()

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_cancel_cancelsTheUpstreamAndDropsTheHeldValue() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.throttle(for: 1, scheduler: scheduler, latest: true).subscribe(subscriber)

        upstream.send(1)
        scheduler.advance()
        upstream.send(2)
        subscriber.cancel()
        scheduler.advance(by: 2)

        XCTAssertEqual(subscriber.values, [1])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_cancel_releasesTheSubscriberAndHeldValueBeforeTheSchedulerRuns() {
        let scheduler = TestScheduler()
        assertCancelReleasesPipeline { subject, canary in
            subject.map { _ in canary }.throttle(for: 1, scheduler: scheduler, latest: true)
        }
    }
}

// MARK: - Combine's rules (issue 24)

extension ThrottleTests {
    func test_aRequestOfNone_isTolerated() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(subscriber)

        subscriber.request(.none)
        subscriber.request(.max(1))
        upstream.send(1)
        scheduler.advance()

        XCTAssertEqual(subscriber.values, [1])
    }

    func test_upstreamIsAskedForEverything_beforeTheDownstreamIsSubscribed() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)

        upstream.throttle(for: .seconds(1), scheduler: TestScheduler(), latest: false).subscribe(subscriber)

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.unlimited)])
        XCTAssertEqual(subscriber.events, [.subscription])
    }

    func test_clock_isReadOnSubscription_onEveryEvent_andWhenAValueIsPublished() {
        let scheduler = ClockReadingScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let throttled = upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
        XCTAssertEqual(scheduler.clockReads, 0)

        throttled.subscribe(TrackingSubscriber<Int, Never>())
        XCTAssertEqual(scheduler.clockReads, 2, "once when the subscription is made, once when it arrives")
        upstream.send(1)
        XCTAssertEqual(scheduler.clockReads, 3)
        scheduler.base.advance()
        XCTAssertEqual(scheduler.clockReads, 4, "the publication starts the next interval")
        upstream.send(completion: .finished)
        XCTAssertEqual(scheduler.clockReads, 5)
        scheduler.base.advance()
        XCTAssertEqual(scheduler.clockReads, 5, "publishing a completion alone reads no clock")
    }

    func test_aValuePublishedWithTheCompletion_readsNoClock() {
        let scheduler = ClockReadingScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(subscriber)
        upstream.send(1)
        scheduler.base.advance()
        upstream.send(2)  // held for the interval's end
        upstream.send(completion: .finished)
        let readsBeforePublishing = scheduler.clockReads

        scheduler.base.advance(by: .seconds(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
        XCTAssertEqual(scheduler.clockReads, readsBeforePublishing, "the stream ends: no next interval to start")
    }

    func test_aSynchronousUpstream_sendsItsValuesBeforeThereIsDemand_soOnlyItsCompletionArrives() {
        let scheduler = TestScheduler()
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2, 3].publisher.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(subscriber)
        scheduler.advance()

        XCTAssertEqual(subscriber.events, [.subscription, .completion(.finished)])
    }

    func test_aSubscriptionArrivingAfterCancel_isCancelled() {
        let scheduler = TestScheduler()
        XCTAssertEqual(
            historyOfSubscriptionArrivingAfterCancel {
                $0.throttle(for: .seconds(1), scheduler: scheduler, latest: true)
            },
            [.subscribed, .cancelled])
    }
}

// MARK: - The scheduler's calls and Combine's documented behaviour (issue "Combine to the letter")

extension ThrottleTests {
    func test_theFirstValue_isScheduledAtOnce_andAHeldOne_forTheIntervalsEnd_withTheMinimumTolerance() {
        let scheduler = TrackingScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(TrackingSubscriber<Int, Never>())

        upstream.send(1)
        scheduler.advance(by: .milliseconds(200))
        upstream.send(2)
        upstream.send(3)
        scheduler.advance(by: .seconds(1))
        upstream.send(completion: .finished)

        // Combine's throttle takes no options, so it passes none.
        XCTAssertEqual(
            scheduler.calls,
            [
                .now(options: nil),
                .after(nanoseconds: 1_000_000_000, tolerance: .nanoseconds(7), options: nil),
                .now(options: nil),
            ])
    }

    func test_valuesAndTheCompletion_areDeliveredOnTheScheduler() {
        let scheduler = TrackingScheduler()
        let recorder = ConcurrentRecorder<String>()
        let upstream = DrivenPublisher<Int, Never>()
        upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: false).subscribe(scheduler.placeRecordingSink(recorder))

        upstream.send(1)
        scheduler.advance()
        upstream.send(2)
        scheduler.advance(by: .seconds(1))
        upstream.send(completion: .finished)
        scheduler.advance()

        XCTAssertEqual(recorder.elements, ["value(1) on scheduler", "value(2) on scheduler", "finished on scheduler"])
    }

    /// Combine's documented example: a timer every 3 seconds throttled to 10 seconds. The first
    /// element is published at once; then, with `latest: true`, the most recent element of
    /// each interval at its end.
    func test_latest_publishesTheFirstElementAtOnce_thenTheMostRecentOfEachInterval() {
        XCTAssertEqual(
            throttledTimer(latest: true),
            ["3s: value(3)", "13s: value(12)", "23s: value(21)", "33s: value(30)"])
    }

    /// The same timer with `latest: false`: the first element received during each interval,
    /// published at its end; the others of the interval are dropped.
    func test_notLatest_publishesTheFirstElementAtOnce_thenTheFirstReceivedInEachInterval() {
        XCTAssertEqual(
            throttledTimer(latest: false),
            ["3s: value(3)", "13s: value(6)", "23s: value(15)", "33s: value(24)"])
    }

    /// A value every 3 s from 3 s to 30 s through `throttle(for: 10)`, as "time: event".
    private func throttledTimer(latest: Bool) -> [String] {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let published = ConcurrentRecorder<String>()
        let cancellable = subject.throttle(for: .seconds(10), scheduler: scheduler, latest: latest).sink {
            published.append("\(scheduler.now.nanoseconds / 1_000_000_000)s: value(\($0))")
        }
        for second in stride(from: 3, through: 30, by: 3) {
            scheduler.advance(to: .init(nanoseconds: second * 1_000_000_000))
            subject.send(second)
        }
        scheduler.advance(by: .seconds(20))
        cancellable.cancel()
        return published.elements
    }
}

extension ThrottleTests {
    func test_cancellingTwice_reachesTheUpstreamOnce_andNothingFollows() {
        assertCancelReachesTheUpstreamOnce { $0.throttle(for: .seconds(1), scheduler: $1, latest: true) }
    }

    func test_theSubscription_printsAsThrottle_withAnEmptyMirror() throws {
        let subscriber = TrackingSubscriber<Int, Never>()
        DrivenPublisher<Int, Never>().throttle(for: 1, scheduler: TestScheduler(), latest: true).subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "Throttle")
        XCTAssertEqual(Mirror(reflecting: try XCTUnwrap(subscriber.subscription)).children.count, 0)
    }
}
