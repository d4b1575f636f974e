import MVVMBinding
import XCTest

final class ImmediateSchedulerTests: XCTestCase {
    private let scheduler = ImmediateScheduler.shared

    func test_everyScheduleForm_runsTheActionSynchronously() {
        var log: [String] = []
        scheduler.schedule { log.append("now") }
        scheduler.schedule(after: scheduler.now.advanced(by: 10)) { log.append("after") }
        scheduler.schedule(after: scheduler.now, tolerance: 5) { log.append("tolerance") }

        XCTAssertEqual(log, ["now", "after", "tolerance"])
    }

    func test_repeatingSchedule_runsOnceAndReturnsAnInertCancellable() {
        var count = 0
        let cancellable = scheduler.schedule(after: scheduler.now, interval: 1) { count += 1 }
        cancellable.cancel()

        XCTAssertEqual(count, 1)
    }

    func test_time_neverAdvances() {
        let now = scheduler.now
        XCTAssertEqual(now.advanced(by: 100).distance(to: now), 0)
        XCTAssertEqual(scheduler.minimumTolerance, 0)
    }

    func test_stride_arithmetic() {
        typealias Stride = ImmediateScheduler.SchedulerTimeType.Stride
        XCTAssertEqual(Stride(3) + 4, Stride(7))
        XCTAssertEqual(Stride.seconds(2) * 3, .seconds(6))
        XCTAssertEqual(Stride(exactly: 5), Stride(5))
        XCTAssertLessThan(Stride(1), Stride(2))
        // As Combine's: no interval of real time is anything on a scheduler whose time stands still.
        XCTAssertEqual([Stride.seconds(2), .seconds(1.5), .milliseconds(3), .microseconds(4), .nanoseconds(5)], Array(repeating: 0, count: 5))
    }

    func test_aRepeatingAction_runsOnce_andReturnsTheEmptySubscription() {
        var runs = 0
        let cancellable = scheduler.schedule(after: scheduler.now, interval: 10) { runs += 1 }

        XCTAssertEqual(runs, 1)
        XCTAssertEqual(String(describing: cancellable), "Empty")
    }

    func test_receiveOnTheImmediateScheduler_deliversSynchronously() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.receive(on: scheduler).subscribe(subscriber)

        subject.send(1)
        subject.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
    }
}

// MARK: - Combine's rules (issue 24)

extension ImmediateSchedulerTests {
    func test_timeDistance_isAlwaysZero() {
        let now = ImmediateScheduler.shared.now

        XCTAssertEqual(now.distance(to: now.advanced(by: -1)), 0)
        XCTAssertEqual(now.advanced(by: 100).distance(to: now), 0)
    }
}
