import MVVMBinding
import MVVMSeedsApp
import MVVMTestSupport
import XCTest

@MainActor
final class StopwatchClockTests: XCTestCase {
    func test_init_isStoppedAtZero_andSchedulesNothing() async {
        let scheduler = TestScheduler()
        let sut = makeSUT(scheduler: scheduler)

        XCTAssertEqual(sut.elapsed, .zero)
        XCTAssertFalse(sut.isRunning)
        XCTAssertEqual(sut.tickInterval, .milliseconds(10))
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func test_start_countsWholeTicks_asVirtualTimePasses() async {
        let scheduler = TestScheduler()
        let sut = makeSUT(scheduler: scheduler)

        sut.start()
        XCTAssertTrue(sut.isRunning)
        scheduler.advance(by: .milliseconds(9))
        XCTAssertEqual(sut.elapsed, .zero, "the first tick is one interval after start")
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(sut.elapsed, .milliseconds(10))
        scheduler.advance(by: .milliseconds(35))

        XCTAssertEqual(sut.elapsed, .milliseconds(40), "ticks at 20, 30 and 40 ms; 45 ms is mid-tick")
    }

    func test_elapsed_publishesEveryTick() async {
        let scheduler = TestScheduler()
        let sut = makeSUT(scheduler: scheduler)
        let ticked = expectation(description: "three ticks")
        ticked.expectedFulfillmentCount = 3
        var values: [Duration] = []
        let cancellable = sut.$elapsed.dropFirst().sink { value in
            values.append(value)
            ticked.fulfill()
        }

        sut.start()
        scheduler.advance(by: .milliseconds(30))
        await fulfillment(of: [ticked], timeout: 1)

        XCTAssertEqual(values, [.milliseconds(10), .milliseconds(20), .milliseconds(30)])
        cancellable.cancel()
    }

    func test_stop_keepsTheReading_stopsTicking_andReleasesTheTimer() async {
        let scheduler = TestScheduler()
        let sut = makeSUT(scheduler: scheduler)
        sut.start()
        scheduler.advance(by: .milliseconds(25))

        sut.stop()
        scheduler.advance(by: .seconds(1))

        XCTAssertFalse(sut.isRunning)
        XCTAssertEqual(sut.elapsed, .milliseconds(20))
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func test_start_afterStop_resumesFromTheReading() async {
        let scheduler = TestScheduler()
        let sut = makeSUT(scheduler: scheduler)
        sut.start()
        scheduler.advance(by: .milliseconds(30))
        sut.stop()
        scheduler.advance(by: .seconds(5))

        sut.start()
        scheduler.advance(by: .milliseconds(20))

        XCTAssertEqual(sut.elapsed, .milliseconds(50))
    }

    func test_start_whileRunning_andStop_whileStopped_changeNothing() async {
        let scheduler = TestScheduler()
        let sut = makeSUT(scheduler: scheduler)
        sut.stop()
        sut.start()
        sut.start()

        scheduler.advance(by: .milliseconds(30))

        XCTAssertEqual(scheduler.pendingActionCount, 1, "one timer, not two")
        XCTAssertEqual(sut.elapsed, .milliseconds(30))
    }

    func test_reset_stopsAndReturnsToZero() async {
        let scheduler = TestScheduler()
        let sut = makeSUT(scheduler: scheduler)
        sut.start()
        scheduler.advance(by: .milliseconds(70))

        sut.reset()
        scheduler.advance(by: .milliseconds(70))

        XCTAssertFalse(sut.isRunning)
        XCTAssertEqual(sut.elapsed, .zero)
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func test_tickInterval_setsTheResolution() async {
        let scheduler = TestScheduler()
        let sut = makeSUT(scheduler: scheduler, tickInterval: .milliseconds(250))
        sut.start()

        scheduler.advance(by: .milliseconds(999))

        XCTAssertEqual(sut.elapsed, .milliseconds(750))
    }

    func test_releasingARunningClock_cancelsItsTimer() async {
        let scheduler = TestScheduler()
        var sut: StopwatchClock<TestScheduler>? = StopwatchClock(scheduler: scheduler)
        weak let weakSUT = sut
        sut?.start()
        XCTAssertEqual(scheduler.pendingActionCount, 1)

        sut = nil

        XCTAssertNil(weakSUT, "the scheduled timer holds no strong reference")
        XCTAssertEqual(scheduler.pendingActionCount, 0)
        scheduler.advance(by: .seconds(1))  // nothing left to run
    }

    // MARK: - Helpers

    private func makeSUT(
        scheduler: TestScheduler, tickInterval: Duration = .milliseconds(10)
    ) -> StopwatchClock<TestScheduler> {
        let sut = StopwatchClock(scheduler: scheduler, tickInterval: tickInterval)
        trackForMemoryLeaks(sut)
        return sut
    }
}
