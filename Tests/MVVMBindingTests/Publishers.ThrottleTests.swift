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
