import Foundation
import MVVMDomain

/// A fake `SimulatedConditions.Sleep` that never waits: it records every requested duration
/// and then runs `onSleep` (for example to cancel the calling task mid-"latency").
final class RecordingSleeper: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Duration] = []  // guarded by `lock`
    private let onSleep: @Sendable () throws -> Void

    init(onSleep: @escaping @Sendable () throws -> Void = {}) {
        self.onSleep = onSleep
    }

    /// The durations asked for, in order.
    var durations: [Duration] { lock.withLock { recorded } }

    /// The closure to hand to `SimulatedConditions(sleep:)`.
    var sleep: SimulatedConditions.Sleep {
        { [self] duration in
            lock.withLock { recorded.append(duration) }
            try onSleep()
        }
    }

    /// A sleeper that cancels the task that is "sleeping", as if the user navigated away
    /// while the request was in flight.
    static func cancellingTheCaller() -> RecordingSleeper {
        RecordingSleeper { withUnsafeCurrentTask { $0?.cancel() } }
    }
}
