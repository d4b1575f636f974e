import Glibc
import XCTest

@testable import MVVMBindingCore

/// The host thread's queue on its own (no executor installed: only blocks go through it).
final class HostThreadQueueTests: XCTestCase {
    private var queue: HostThreadQueue { HostThreadQueue.shared }

    private var descriptorIsReadable: Bool {
        var entry = pollfd(fd: queue.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    override func setUp() {
        super.setUp()
        queue.drain()  // whatever an earlier test left
    }

    func test_aPostedBlockMakesTheDescriptorReadableAndRunsAtTheNextDrain() {
        let ran = PthreadLocked(0)
        XCTAssertFalse(descriptorIsReadable)
        queue.post { ran.withLock { $0 += 1 } }
        XCTAssertTrue(descriptorIsReadable)
        XCTAssertEqual(ran.withLock { $0 }, 0)
        queue.drain()
        XCTAssertEqual(ran.withLock { $0 }, 1)
        XCTAssertFalse(descriptorIsReadable)
    }

    func test_blocksRunInTheOrderTheyWerePostedFromAnyThread() {
        let order = PthreadLocked([Int]())
        let posted = DispatchGroup()
        queue.post { order.withLock { $0.append(0) } }
        DispatchQueue.global().async(group: posted) { HostThreadQueue.shared.post { order.withLock { $0.append(1) } } }
        posted.wait()
        queue.post { order.withLock { $0.append(2) } }
        queue.drain()
        XCTAssertEqual(order.withLock { $0 }, [0, 1, 2])
    }

    func test_aBlockPostedDuringADrainRunsInTheSameDrain() {
        let order = PthreadLocked([String]())
        queue.post {
            order.withLock { $0.append("first") }
            HostThreadQueue.shared.post { order.withLock { $0.append("posted by first") } }
        }
        queue.drain()
        XCTAssertEqual(order.withLock { $0 }, ["first", "posted by first"])
    }

    func test_aBlockThatKeepsRepostingItselfLeavesTheRestForTheNextDrainWithTheDescriptorReadable() {
        let runs = PthreadLocked(0)
        let stopped = PthreadLocked(false)
        @Sendable func again() {
            runs.withLock { $0 += 1 }
            if !stopped.withLock({ $0 }) { HostThreadQueue.shared.post(again) }
        }
        queue.post(again)
        queue.drain()
        let afterOneDrain = runs.withLock { $0 }
        XCTAssertGreaterThan(afterOneDrain, 1)
        XCTAssertTrue(descriptorIsReadable)
        queue.drain()
        XCTAssertGreaterThan(runs.withLock { $0 }, afterOneDrain)
        stopped.withLock { $0 = true }
        queue.drain()  // the last run posts nothing more
        XCTAssertFalse(descriptorIsReadable)
    }

    func test_aSignalMakesTheDescriptorReadableWithNothingQueued() {
        queue.signal()
        XCTAssertTrue(descriptorIsReadable)
        queue.drain()
        XCTAssertFalse(descriptorIsReadable)
    }
}
