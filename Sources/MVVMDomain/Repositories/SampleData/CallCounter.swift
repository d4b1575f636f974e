import Foundation

/// Numbers calls 1, 2, 3, ... across threads, for `FailurePolicy` decisions.
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0  // guarded by `lock`

    /// The number of calls counted so far.
    var current: Int { lock.withLock { count } }

    /// Counts one more call and returns its number.
    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
