import Foundation

/// The operation an `OperationQueue` scheduler adds, at once, for an action due later: it
/// depends on a private gate operation that nobody runs until the action's time comes, so it
/// waits in the queue without occupying a slot of it (as Combine's does: scheduling adds one
/// operation to the queue, whatever the delay). Opening the gate makes it ready, and the queue
/// runs it like any other. Cancelling it (it is `Cancellable`) skips the action, and the queue
/// lets go of it at once (a cancelled operation is ready whatever it depends on).
final class ScheduledOperation: Operation, Cancellable, @unchecked Sendable {
    private let gate = BlockOperation {}
    private let action: UncheckedSendableAction
    private let lock = Lock()
    private var hasRun = false  // guarded by `lock`

    init(_ action: UncheckedSendableAction) {
        self.action = action
        super.init()
        addDependency(gate)
    }

    /// Runs the action once: calling `main()` again (as a caller may, on an operation it
    /// finds in the queue) runs nothing more, as Combine's.
    override func main() {
        guard !isCancelled else { return }
        let isFirstRun = lock.withLock {
            defer { hasRun = true }
            return !hasRun
        }
        if isFirstRun { action.run() }
    }

    /// Makes the operation ready to run: its time has come. Called once.
    func open() {
        gate.start()
    }
}
