import XCTest

@testable import MVVMBindingCore

final class ValueQueueTests: XCTestCase {
    func test_valueQueue_removesInFirstInFirstOutOrder_acrossWrappingAndGrowth() {
        var queue = ValueQueue<Int>()
        var removed: [Int] = []
        for value in 0..<3 { queue.append(value) }
        removed.append(queue.removeFirst())
        removed.append(queue.removeFirst())
        // The next appends wrap around the end of the storage, then outgrow it while wrapped.
        for value in 3..<10 { queue.append(value) }
        XCTAssertEqual(queue.count, 8)
        while let value = queue.popFirst() { removed.append(value) }

        XCTAssertEqual(removed, Array(0..<10))
        XCTAssertTrue(queue.isEmpty)
    }

    func test_popFirst_ofAnEmptyQueue_isNil() {
        var queue = ValueQueue<String>()
        XCTAssertNil(queue.popFirst())
        queue.append("a")
        XCTAssertEqual(queue.popFirst(), "a")
        XCTAssertNil(queue.popFirst())
    }

    func test_removedElements_areReleasedAtOnce_andTheRestWithTheQueue() {
        weak var popped: LifetimeCanary?
        weak var cleared: LifetimeCanary?
        weak var leftInQueue: LifetimeCanary?
        do {
            var queue = ValueQueue<LifetimeCanary>()
            do {
                let first = LifetimeCanary()
                let second = LifetimeCanary()
                popped = first
                cleared = second
                queue.append(first)
                queue.append(second)
            }
            _ = queue.removeFirst()
            XCTAssertNil(popped)
            queue.removeAll()
            XCTAssertNil(cleared)
            do {
                let third = LifetimeCanary()
                leftInQueue = third
                queue.append(third)
            }
            XCTAssertNotNil(leftInQueue)
        }
        XCTAssertNil(leftInQueue)
    }
}
