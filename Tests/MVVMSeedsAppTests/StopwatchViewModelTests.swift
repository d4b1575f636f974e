import Dispatch
import MVVMBinding
import MVVMSeedsApp
import MVVMTestSupport
import XCTest

@MainActor
final class StopwatchViewModelTests: XCTestCase {
    func test_init_isStoppedAtZero_withStart_andTheLapButtonDisabled() async {
        let (sut, _) = makeSUT()

        XCTAssertEqual(sut.elapsedText, "00:00.00")
        XCTAssertEqual(sut.laps, [])
        XCTAssertEqual(sut.buttonText, "Start")
        XCTAssertFalse(sut.isLapButtonEnabled)
        XCTAssertFalse(sut.isRunning)
    }

    func test_buttonTapped_whenStopped_startsRunning() async {
        let (sut, _) = makeSUT()

        sut.buttonTapped()

        XCTAssertTrue(sut.isRunning)
        XCTAssertEqual(sut.buttonText, "Stop")
        XCTAssertTrue(sut.isLapButtonEnabled)
    }

    func test_elapsedText_followsVirtualTime() async {
        let (sut, scheduler) = makeSUT()
        let updated = expectation(description: "elapsed text updated")
        updated.expectedFulfillmentCount = 3
        var texts: [String] = []
        let cancellable = sut.$elapsedText.dropFirst().sink { text in
            texts.append(text)
            updated.fulfill()
        }

        sut.buttonTapped()
        scheduler.advance(by: .milliseconds(30))
        await fulfillment(of: [updated], timeout: 1)

        XCTAssertEqual(texts, ["00:00.01", "00:00.02", "00:00.03"])
        cancellable.cancel()
    }

    func test_elapsedText_pastAMinute() async {
        let (sut, scheduler) = makeSUT()
        sut.buttonTapped()

        scheduler.advance(by: .milliseconds(65_070))

        XCTAssertEqual(sut.elapsedText, "01:05.07")
    }

    func test_buttonTapped_whenRunning_stops_andKeepsTheReading() async {
        let (sut, scheduler) = makeSUT()
        sut.buttonTapped()
        scheduler.advance(by: .milliseconds(1_500))

        sut.buttonTapped()
        scheduler.advance(by: .seconds(3))

        XCTAssertFalse(sut.isRunning)
        XCTAssertEqual(sut.buttonText, "Start")
        XCTAssertFalse(sut.isLapButtonEnabled)
        XCTAssertEqual(sut.elapsedText, "00:01.50")
        XCTAssertEqual(scheduler.pendingActionCount, 0, "no timer left running")
    }

    func test_start_afterStop_resumesFromTheReading() async {
        let (sut, scheduler) = makeSUT()
        sut.buttonTapped()
        scheduler.advance(by: .seconds(1))
        sut.buttonTapped()
        scheduler.advance(by: .seconds(10))

        sut.buttonTapped()
        scheduler.advance(by: .milliseconds(250))

        XCTAssertEqual(sut.elapsedText, "00:01.25")
        XCTAssertEqual(sut.buttonText, "Stop")
    }

    func test_lap_recordsTheCurrentReading_newestLast() async {
        let (sut, scheduler) = makeSUT()
        sut.buttonTapped()
        scheduler.advance(by: .milliseconds(1_200))
        sut.lap()
        scheduler.advance(by: .milliseconds(800))

        sut.lap()

        XCTAssertEqual(sut.laps, ["00:01.20", "00:02.00"])
    }

    func test_lap_whileStopped_doesNothing() async {
        let (sut, scheduler) = makeSUT()
        sut.lap()
        sut.buttonTapped()
        scheduler.advance(by: .seconds(1))
        sut.buttonTapped()

        sut.lap()

        XCTAssertEqual(sut.laps, [])
    }

    func test_laps_survive_stopAndResume() async {
        let (sut, scheduler) = makeSUT()
        sut.buttonTapped()
        scheduler.advance(by: .seconds(1))
        sut.lap()
        sut.buttonTapped()

        sut.buttonTapped()
        scheduler.advance(by: .seconds(1))
        sut.lap()

        XCTAssertEqual(sut.laps, ["00:01.00", "00:02.00"])
    }

    func test_reset_whileRunning_stops_andClearsTheReadingAndTheLaps() async {
        let (sut, scheduler) = makeSUT()
        sut.buttonTapped()
        scheduler.advance(by: .seconds(2))
        sut.lap()
        let cleared = expectation(description: "laps cleared")
        let cancellable = sut.$laps.dropFirst().sink { if $0.isEmpty { cleared.fulfill() } }

        sut.reset()
        await fulfillment(of: [cleared], timeout: 1)
        scheduler.advance(by: .seconds(1))

        XCTAssertEqual(sut.elapsedText, "00:00.00")
        XCTAssertEqual(sut.laps, [])
        XCTAssertFalse(sut.isRunning)
        XCTAssertEqual(sut.buttonText, "Start")
        XCTAssertFalse(sut.isLapButtonEnabled)
        XCTAssertEqual(scheduler.pendingActionCount, 0)
        cancellable.cancel()
    }

    func test_reset_whileStopped_clears_andTheNextStartCountsFromZero() async {
        let (sut, scheduler) = makeSUT()
        sut.buttonTapped()
        scheduler.advance(by: .seconds(2))
        sut.buttonTapped()

        sut.reset()
        sut.buttonTapped()
        scheduler.advance(by: .milliseconds(100))

        XCTAssertEqual(sut.elapsedText, "00:00.10")
    }

    func test_buttonAndLapStates_publishInStepWithRunning() async {
        let (sut, _) = makeSUT()
        var buttonTexts: [String] = []
        var lapEnabled: [Bool] = []
        let cancellables = [
            sut.$buttonText.dropFirst().sink { buttonTexts.append($0) },
            sut.$isLapButtonEnabled.dropFirst().sink { lapEnabled.append($0) },
        ]

        sut.buttonTapped()
        sut.buttonTapped()
        sut.buttonTapped()
        sut.reset()

        XCTAssertEqual(buttonTexts, ["Stop", "Start", "Stop", "Start"])
        XCTAssertEqual(lapEnabled, [true, false, true, false])
        cancellables.forEach { $0.cancel() }
    }

    func test_aClockInjectedDirectly_drivesTheViewModel() async {
        let scheduler = TestScheduler()
        let clock = StopwatchClock(scheduler: scheduler, tickInterval: .seconds(1))
        let sut = StopwatchViewModel(clock: clock)
        trackForMemoryLeaks(sut)
        trackForMemoryLeaks(clock)

        sut.buttonTapped()
        scheduler.advance(by: .milliseconds(2_500))

        XCTAssertTrue(clock.isRunning)
        XCTAssertEqual(sut.elapsedText, "00:02.00")
    }

    func test_defaultInit_ticksOnTheMainQueue() async {
        // The one real-time test: the path the C runtime uses (timers delivered through the
        // main queue). It waits for the first 10 ms tick, not for a fixed time.
        let sut = StopwatchViewModel()
        trackForMemoryLeaks(sut)
        let ticked = expectation(description: "first tick")
        ticked.assertForOverFulfill = false  // more ticks may land before the test resumes
        let cancellable = sut.$elapsedText.dropFirst().sink { _ in ticked.fulfill() }

        sut.buttonTapped()
        await fulfillment(of: [ticked], timeout: 5)
        sut.reset()

        XCTAssertEqual(sut.elapsedText, "00:00.00")
        cancellable.cancel()
    }

    // MARK: - Helpers

    private func makeSUT() -> (StopwatchViewModel, TestScheduler) {
        let scheduler = TestScheduler()
        let sut = StopwatchViewModel(scheduler: scheduler)
        trackForMemoryLeaks(sut)
        return (sut, scheduler)
    }
}
