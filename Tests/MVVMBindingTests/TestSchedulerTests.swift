import MVVMBinding
import XCTest

final class TestSchedulerTests: XCTestCase {
    private typealias Time = TestScheduler.SchedulerTimeType

    func test_init_startsTheClockAtTheGivenTime() {
        XCTAssertEqual(TestScheduler().now, Time(nanoseconds: 0))
        XCTAssertEqual(TestScheduler(now: Time(nanoseconds: 42)).now, Time(nanoseconds: 42))
    }

    func test_scheduledWork_doesNotRunUntilTheClockIsAdvanced() {
        let scheduler = TestScheduler()
        var ran = false
        scheduler.schedule { ran = true }

        XCTAssertFalse(ran)
        scheduler.advance()
        XCTAssertTrue(ran)
    }

    func test_advanceBy_runsOnlyTheWorkDueWithinTheWindow() {
        let scheduler = TestScheduler()
        var log: [String] = []
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(1))) { log.append("1s") }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { log.append("2s") }

        scheduler.advance(by: .milliseconds(999))
        XCTAssertEqual(log, [])
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(log, ["1s"])
        scheduler.advance(by: .seconds(5))
        XCTAssertEqual(log, ["1s", "2s"])
        XCTAssertEqual(scheduler.now, Time(nanoseconds: 6_000_000_000))
    }

    func test_work_runsInTimeOrderAndInSchedulingOrderForEqualTimes() {
        let scheduler = TestScheduler()
        var log: [String] = []
        let at2 = scheduler.now.advanced(by: 2)
        let at1 = scheduler.now.advanced(by: 1)
        scheduler.schedule(after: at2) { log.append("a@2") }
        scheduler.schedule(after: at1) { log.append("b@1") }
        scheduler.schedule(after: at2) { log.append("c@2") }
        scheduler.schedule(after: at1) { log.append("d@1") }
        scheduler.schedule { log.append("e@0") }

        scheduler.advance(by: 2)

        XCTAssertEqual(log, ["e@0", "b@1", "d@1", "a@2", "c@2"])
    }

    func test_clock_readsEachActionsDueTimeWhileItRuns() {
        let scheduler = TestScheduler()
        var seen: [Time] = []
        scheduler.schedule(after: Time(nanoseconds: 300)) { seen.append(scheduler.now) }
        scheduler.schedule(after: Time(nanoseconds: 100)) { seen.append(scheduler.now) }

        scheduler.advance(to: Time(nanoseconds: 1_000))

        XCTAssertEqual(seen, [Time(nanoseconds: 100), Time(nanoseconds: 300)])
        XCTAssertEqual(scheduler.now, Time(nanoseconds: 1_000))
    }

    func test_workScheduledDuringAnAdvance_runsInTheSameAdvanceWhenItFallsInsideTheWindow() {
        let scheduler = TestScheduler()
        var log: [String] = []
        scheduler.schedule(after: scheduler.now.advanced(by: 1)) {
            log.append("outer")
            scheduler.schedule { log.append("immediate") }
            scheduler.schedule(after: scheduler.now.advanced(by: 1)) { log.append("inside") }
            scheduler.schedule(after: scheduler.now.advanced(by: 5)) { log.append("outside") }
        }

        scheduler.advance(by: 3)

        XCTAssertEqual(log, ["outer", "immediate", "inside"])
        scheduler.advance(by: 3)
        XCTAssertEqual(log, ["outer", "immediate", "inside", "outside"])
    }

    func test_workScheduledInThePast_runsOnTheNextAdvanceWithoutMovingTheClockBack() {
        let scheduler = TestScheduler(now: Time(nanoseconds: 1_000))
        var ranAt: Time?
        scheduler.schedule(after: Time(nanoseconds: 10)) { ranAt = scheduler.now }

        scheduler.advance()

        XCTAssertEqual(ranAt, Time(nanoseconds: 1_000))
    }

    func test_advanceTo_anEarlierTime_neverMovesTheClockBackwards() {
        let scheduler = TestScheduler(now: Time(nanoseconds: 500))
        scheduler.advance(to: Time(nanoseconds: 100))
        XCTAssertEqual(scheduler.now, Time(nanoseconds: 500))
    }

    func test_repeatingWork_runsEveryIntervalUntilCancelled() {
        let scheduler = TestScheduler()
        var ticks: [Time] = []
        let cancellable = scheduler.schedule(after: scheduler.now.advanced(by: 1), interval: 1) {
            ticks.append(scheduler.now)
        }

        scheduler.advance(by: 3)
        XCTAssertEqual(ticks.map(\.nanoseconds), [1, 2, 3].map { $0 * 1_000_000_000 })

        cancellable.cancel()
        scheduler.advance(by: 10)
        XCTAssertEqual(ticks.count, 3)
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func test_repeatingWork_mayCancelItselfFromItsOwnAction() {
        let scheduler = TestScheduler()
        var count = 0
        var cancellable: (any Cancellable)?
        cancellable = scheduler.schedule(after: scheduler.now, interval: .milliseconds(10)) {
            count += 1
            if count == 2 { cancellable?.cancel() }
        }

        scheduler.advance(by: 1)

        XCTAssertEqual(count, 2)
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func test_repeatingWork_isCancelledWhenItsCancellableIsReleased() {
        let scheduler = TestScheduler()
        var count = 0
        do {
            _ = scheduler.schedule(after: scheduler.now, interval: 1) { count += 1 }
        }

        scheduler.advance(by: 5)

        XCTAssertEqual(count, 0)
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func test_aRepeatingActionsCancellable_keepsItsScheduler_asADispatchTimerKeepsItsQueue() {
        var scheduler: TestScheduler? = TestScheduler()
        weak let weakScheduler = scheduler
        var count = 0
        var cancellable = scheduler?.schedule(after: .init(nanoseconds: 1), interval: 1) { count += 1 }
        scheduler = nil
        XCTAssertNotNil(weakScheduler)
        weakScheduler?.advance(by: 1)
        XCTAssertEqual(count, 1)

        cancellable?.cancel()
        cancellable?.cancel()  // a second cancel is harmless
        XCTAssertEqual(weakScheduler?.pendingActionCount, 0)
        cancellable = nil

        XCTAssertNil(weakScheduler)
    }

    func test_repeatingAndOneShotWork_interleaveInTimeOrder() {
        let scheduler = TestScheduler()
        var log: [String] = []
        let cancellable = scheduler.schedule(after: scheduler.now.advanced(by: 1), interval: 2) { log.append("tick") }
        scheduler.schedule(after: scheduler.now.advanced(by: 2)) { log.append("once") }

        scheduler.advance(by: 5)

        XCTAssertEqual(log, ["tick", "once", "tick", "tick"])
        cancellable.cancel()
    }

    func test_run_runsEverythingUntilNoWorkIsLeft() {
        let scheduler = TestScheduler()
        var log: [Int] = []
        scheduler.schedule(after: scheduler.now.advanced(by: 10)) {
            log.append(10)
            scheduler.schedule(after: scheduler.now.advanced(by: 5)) { log.append(15) }
        }
        scheduler.schedule { log.append(0) }

        scheduler.run()

        XCTAssertEqual(log, [0, 10, 15])
        XCTAssertEqual(scheduler.now, Time(nanoseconds: 15_000_000_000))
        XCTAssertEqual(scheduler.pendingActionCount, 0)
    }

    func test_stride_literalsAndConversionsAreSeconds() {
        typealias Stride = TestScheduler.SchedulerTimeType.Stride
        XCTAssertEqual(Stride(integerLiteral: 2), .seconds(2))
        XCTAssertEqual(0.25 as Stride, .milliseconds(250))
        XCTAssertEqual(Time(nanoseconds: 0).distance(to: Time(nanoseconds: 1_500)), .nanoseconds(1_500))
        XCTAssertEqual(Time(nanoseconds: 1_500).distance(to: Time(nanoseconds: 0)), .nanoseconds(-1_500))
    }

    func test_advance_fromSeveralThreads_runsEveryActionExactlyOnce() {
        let scheduler = TestScheduler()
        let recorder = ConcurrentRecorder<Int>()
        for index in 0..<1_000 {
            scheduler.schedule(after: scheduler.now.advanced(by: .nanoseconds(index))) { recorder.append(index) }
        }

        DispatchQueue.concurrentPerform(iterations: 4) { _ in scheduler.advance(by: .microseconds(1)) }

        XCTAssertEqual(recorder.elements.sorted(), Array(0..<1_000))
    }

    func test_releasingTheScheduler_releasesPendingWork() {
        weak var weakCanary: LifetimeCanary?
        var scheduler: TestScheduler? = TestScheduler()
        do {
            let canary = LifetimeCanary()
            weakCanary = canary
            scheduler?.schedule { _ = canary.value }
        }
        XCTAssertNotNil(weakCanary, "the pending action holds its captures")

        scheduler = nil

        XCTAssertNil(weakCanary)
    }
}
