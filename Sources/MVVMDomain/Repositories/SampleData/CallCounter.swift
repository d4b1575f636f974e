import MVVMBindingCore

/// Numbers calls 1, 2, 3, ... across threads, for `FailurePolicy` decisions.
final class CallCounter: Sendable {
    private let count = PthreadLocked(0)

    /// The number of calls counted so far.
    var current: Int { count.withLock { $0 } }

    /// Counts one more call and returns its number.
    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}
