import Foundation
import MVVMBinding
import XCTest

final class OperationQueueSchedulerTests: XCTestCase {
    private func makeQueue() -> OperationQueue {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return queue
    }

    func test_schedule_runsTheActionAsAnOperationOnTheQueue() {
        let queue = makeQueue()
        let ran = expectation(description: "ran")
        let onQueue = ConcurrentRecorder<Bool>()
        queue.schedule {
            onQueue.append(OperationQueue.current === queue)
            ran.fulfill()
        }
        wait(for: [ran], timeout: 2)
        XCTAssertEqual(onQueue.elements, [true])
    }

    func test_scheduleAfter_runsNoEarlierThanTheDate() {
        let queue = makeQueue()
        let due = queue.now.advanced(by: .milliseconds(20))
        let ran = expectation(description: "ran")
        let ranAt = ConcurrentRecorder<Date>()
        queue.schedule(after: due) {
            ranAt.append(Date())
            ran.fulfill()
        }
        wait(for: [ran], timeout: 2)
        XCTAssertGreaterThanOrEqual(ranAt.elements.first?.timeIntervalSince(due.date) ?? -1, 0)
    }

    func test_repeatingSchedule_runsUntilCancelled() {
        let queue = makeQueue()
        let ticks = ConcurrentRecorder<Int>()
        let twoTicks = expectation(description: "two ticks")
        twoTicks.assertForOverFulfill = false
        let cancellable = queue.schedule(after: queue.now, interval: .milliseconds(2)) {
            ticks.append(1)
            if ticks.elements.count == 2 { twoTicks.fulfill() }
        }
        wait(for: [twoTicks], timeout: 2)

        cancellable.cancel()
        queue.waitUntilAllOperationsAreFinished()
        let countAtCancel = ticks.elements.count
        queue.addOperation {}
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertLessThanOrEqual(ticks.elements.count, countAtCancel + 1, "at most one tick was already in flight")
    }

    func test_minimumToleranceAndTimeType() {
        let queue = makeQueue()
        XCTAssertEqual(queue.minimumTolerance, 0)
        let time = OperationQueue.SchedulerTimeType(Date(timeIntervalSinceReferenceDate: 0))
        XCTAssertEqual(time.advanced(by: .milliseconds(500)).date, Date(timeIntervalSinceReferenceDate: 0.5))
        XCTAssertEqual(time.distance(to: time.advanced(by: 2)), .seconds(2))
    }
}

// MARK: - Combine's rules (issue 24)

/// An operation queue that counts the operations added to it.
private final class CountingOperationQueue: OperationQueue, @unchecked Sendable {
    private let counter = ConcurrentRecorder<Operation>()

    var addedCount: Int { counter.elements.count }
    var added: [Operation] { counter.elements }

    override func addOperation(_ op: Operation) {
        counter.append(op)
        super.addOperation(op)
    }
}

extension OperationQueueSchedulerTests {
    func test_schedule_addsExactlyOneOperation() {
        let queue = CountingOperationQueue()
        let ran = expectation(description: "ran")

        queue.schedule { ran.fulfill() }

        XCTAssertEqual(queue.addedCount, 1)
        wait(for: [ran], timeout: 2)
    }

    func test_scheduleAfter_addsOneOperationAtOnce_whichRunsWhenDue() {
        let queue = CountingOperationQueue()
        let ran = expectation(description: "ran")

        queue.schedule(after: queue.now.advanced(by: .milliseconds(5))) { ran.fulfill() }

        XCTAssertEqual(queue.addedCount, 1)
        wait(for: [ran], timeout: 2)
        XCTAssertEqual(queue.addedCount, 1)
    }

    func test_anOperationForALaterAction_runsItOnce_evenWhenItsMainIsCalledAgain() throws {
        let queue = CountingOperationQueue()
        let runs = ConcurrentRecorder<Int>()
        let ran = expectation(description: "ran")

        queue.schedule(after: queue.now.advanced(by: .milliseconds(5))) {
            runs.append(1)
            ran.fulfill()
        }
        wait(for: [ran], timeout: 2)
        queue.waitUntilAllOperationsAreFinished()
        try XCTUnwrap(queue.added.first).main()

        XCTAssertEqual(runs.elements.count, 1)
    }

    func test_scheduleRepeating_addsOneOperationAtOnce() {
        let queue = CountingOperationQueue()

        let timer = queue.schedule(after: queue.now.advanced(by: 60), interval: 60) {}

        XCTAssertEqual(queue.addedCount, 1)
        timer.cancel()
    }

    func test_cancellingARepeatingAction_letsTheQueueFinishTheOperationWaitingForIt() {
        let queue = CountingOperationQueue()
        let timer = queue.schedule(after: queue.now.advanced(by: 60), interval: 60) {}

        timer.cancel()

        let drained = expectation(description: "the queue has nothing left")
        DispatchQueue.global().async {
            queue.waitUntilAllOperationsAreFinished()
            drained.fulfill()
        }
        wait(for: [drained], timeout: 5)
    }
}
