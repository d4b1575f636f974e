import Foundation
import MVVMBinding
import XCTest

/// Runs the current run loop in short slices until `condition` holds or `timeout` passes.
private func spinRunLoop(timeout: TimeInterval = 1, until condition: () -> Bool) {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition(), Date() < deadline {
        _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.005))
    }
}

final class RunLoopSchedulerTests: XCTestCase {
    private typealias Stride = RunLoop.SchedulerTimeType.Stride

    func test_schedule_runsTheActionWhenTheRunLoopRuns() {
        let runLoop = RunLoop.current
        var ran = false
        runLoop.schedule { ran = true }
        XCTAssertFalse(ran, "nothing runs until the loop does")

        spinRunLoop { ran }

        XCTAssertTrue(ran)
    }

    func test_schedule_fromAnotherThread_wakesTheRunLoop() {
        XCTAssertTrue(Thread.isMainThread, "XCTest runs tests on the main thread")
        let ranAt = ConcurrentRecorder<(date: Date, onMain: Bool)>()
        let thread = Thread { RunLoop.main.schedule { ranAt.append((Date(), Thread.isMainThread)) } }
        let start = Date()
        thread.start()

        // One slice with nothing else to wake the loop: a `perform`-based schedule would wait it
        // out, a timer-based one runs as soon as the other thread adds it.
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.2))

        let run = ranAt.elements.first
        XCTAssertEqual(run?.onMain, true)
        XCTAssertLessThan(run.map { $0.date.timeIntervalSince(start) } ?? .infinity, 0.1)
    }

    func test_schedule_keepsTheOrderOfActions() {
        let runLoop = RunLoop.current
        var log: [Int] = []
        for value in 0..<5 { runLoop.schedule { log.append(value) } }

        spinRunLoop { log.count == 5 }

        XCTAssertEqual(log, [0, 1, 2, 3, 4])
    }

    func test_scheduleAfter_runsNoEarlierThanTheDate() {
        let runLoop = RunLoop.current
        let due = runLoop.now.advanced(by: .milliseconds(20))
        var ranAt: Date?
        runLoop.schedule(after: due) { ranAt = Date() }

        spinRunLoop { ranAt != nil }

        XCTAssertGreaterThanOrEqual(ranAt?.timeIntervalSince(due.date) ?? -1, 0)
    }

    func test_repeatingSchedule_runsUntilCancelled() {
        let runLoop = RunLoop.current
        var ticks = 0
        let cancellable = runLoop.schedule(after: runLoop.now, interval: .milliseconds(5)) { ticks += 1 }

        spinRunLoop { ticks >= 2 }
        XCTAssertGreaterThanOrEqual(ticks, 2)

        cancellable.cancel()
        let ticksAtCancel = ticks
        spinRunLoop(timeout: 0.03) { false }
        XCTAssertEqual(ticks, ticksAtCancel)
    }

    func test_receiveOnRunLoop_deliversEventsWhenTheLoopRuns() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.receive(on: RunLoop.current).subscribe(subscriber)
        spinRunLoop { !subscriber.history.isEmpty }

        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(subscriber.history, ["subscription"])
        spinRunLoop { subscriber.isFinished }

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func test_timeType_andStride() {
        let date = Date(timeIntervalSinceReferenceDate: 100)
        let time = RunLoop.SchedulerTimeType(date)
        XCTAssertEqual(time.advanced(by: 1.5).date, Date(timeIntervalSinceReferenceDate: 101.5))
        XCTAssertEqual(time.distance(to: RunLoop.SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 99))), -1)
        XCTAssertEqual(Stride.milliseconds(250).timeInterval, 0.25)
        XCTAssertEqual(Stride.microseconds(5).timeInterval, 0.000_005, accuracy: 1e-12)
        XCTAssertEqual(Stride.nanoseconds(5).timeInterval, 0.000_000_005, accuracy: 1e-15)
        XCTAssertEqual(Stride.seconds(2) * 1.5, 3)
        XCTAssertEqual(RunLoop.current.minimumTolerance, 0)
    }
}
