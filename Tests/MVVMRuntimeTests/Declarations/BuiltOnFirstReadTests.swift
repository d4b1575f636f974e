import Dispatch
import Synchronization
import XCTest

@testable import MVVMRuntime

final class BuiltOnFirstReadTests: XCTestCase {
    private final class Part: Sendable {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    /// Counts builds and the parts alive.
    private final class Counts: Sendable {
        let builds = Atomic<Int>(0)
    }

    func test_builds_nothing_until_read_then_builds_once() {
        let counts = Counts()
        let part = BuiltOnFirstRead { () -> Part in
            counts.builds.add(1, ordering: .relaxed)
            return Part(7)
        }
        XCTAssertEqual(counts.builds.load(ordering: .relaxed), 0)
        let first = part.value
        let second = part.value
        XCTAssertEqual(first.number, 7)
        XCTAssertTrue(first === second)
        XCTAssertEqual(counts.builds.load(ordering: .relaxed), 1)
    }

    func test_copies_share_the_build() {
        let part = BuiltOnFirstRead { Part(1) }
        let copy = part
        XCTAssertTrue(part.value === copy.value)
    }

    func test_concurrent_first_reads_all_get_the_kept_instance() {
        for _ in 0..<50 {
            let part = BuiltOnFirstRead { Part(3) }
            let seen = Mutex<[ObjectIdentifier]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                let id = ObjectIdentifier(part.value)
                seen.withLock { $0.append(id) }
            }
            let ids = seen.withLock { $0 }
            XCTAssertEqual(ids.count, 4)
            XCTAssertEqual(Set(ids).count, 1, "every reader gets the one kept build")
        }
    }

    func test_the_build_is_released_with_the_last_copy() {
        weak var built: Part?
        do {
            let part = BuiltOnFirstRead { Part(5) }
            built = part.value
            XCTAssertNotNil(built)
        }
        XCTAssertNil(built)
    }
}
