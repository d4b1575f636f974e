/// A one-shot action handed to a scheduler that can be called off before it runs.
///
/// `Scheduler` can only cancel repeating work, yet the time-based operators must drop what they
/// scheduled when their subscription is cancelled. An operator creates the action, records it
/// under its own lock, then schedules `{ action.run() }`. Cancelling releases the closure, and
/// with it the values and the subscription it captured, at once rather than when the scheduler
/// reaches the due time; the scheduler is left holding an empty wrapper that does nothing.
final class CancellableScheduledAction: Cancellable, @unchecked Sendable {
    private let lock = Lock()
    private var action: (() -> Void)?  // guarded by `lock`; taken out before it is run or dropped

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    /// Runs the action unless it was cancelled or has already run.
    func run() {
        let pending = take()
        pending?()
    }

    func cancel() {
        // `take()` has released the lock by the time the closure is dropped here: dropping
        // the captures may run arbitrary deinit code.
        _ = take()
    }

    private func take() -> (() -> Void)? {
        lock.withLock {
            defer { action = nil }
            return action
        }
    }
}
