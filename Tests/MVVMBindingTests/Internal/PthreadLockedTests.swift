import XCTest

@testable import MVVMBindingCore

final class PthreadLockedTests: XCTestCase {
    /// Counts its instances alive, so a test can see when the locked value is released.
    private final class Tracked: @unchecked Sendable {
        nonisolated(unsafe) static var alive = 0
        init() { Self.alive += 1 }
        deinit { Self.alive -= 1 }
    }

    func test_copies_share_one_value() {
        let locked = PthreadLocked(1)
        let copy = locked
        copy.withLock { $0 += 41 }
        XCTAssertEqual(locked.withLock { $0 }, 42)
    }

    func test_withLock_returns_the_body_result_and_rethrows_its_error() {
        struct Refusal: Error {}
        let locked = PthreadLocked("a")
        XCTAssertEqual(
            locked.withLock { value -> Int in
                value += "b"
                return value.count
            }, 2)
        XCTAssertThrowsError(try locked.withLock { (_: inout String) throws(Refusal) in throw Refusal() })
        XCTAssertEqual(locked.withLock { $0 }, "ab")
    }

    func test_the_value_is_released_with_the_last_copy() {
        Tracked.alive = 0
        do {
            let locked = PthreadLocked<[Tracked]>([Tracked(), Tracked()])
            let copy = locked
            _ = copy
            XCTAssertEqual(Tracked.alive, 2)
        }
        XCTAssertEqual(Tracked.alive, 0)
    }

    func test_concurrent_sections_do_not_lose_updates() {
        let locked = PthreadLocked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { locked.withLock { $0 += 1 } }
        }
        XCTAssertEqual(locked.withLock { $0 }, 80_000)
    }
}
