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
