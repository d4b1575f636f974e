import CExecutorHooks
import Dispatch

/// The main actor's queue when the host thread is not the process's main thread
/// (`mvvm_init_with_options()`): what the dispatch main queue is in the default mode, but
/// drained by the host thread. Main-actor jobs (`HostMainExecutor`) and main-queue blocks
/// (`MainQueue`) wait here in arrival order; the descriptor is readable while any wait.
///
/// A pthread mutex, not `Mutex`: ThreadSanitizer must see the hand-over (PthreadLocked).
package final class HostThreadQueue: Sendable {
    package static let shared = HostThreadQueue()

    private enum Item: Sendable {
        case job(UnownedJob)
        case block(@Sendable () -> Void)
    }

    private struct State {
        var items: [Item] = []
        /// The descriptor was signalled for the items since the last take: one write per
        /// burst, not one per item.
        var signalled = false
    }

    private let state = PthreadLocked(State())

    /// The descriptor the host watches (an eventfd, made on first use, kept for the process).
    package var descriptor: Int32 { mvvmhook_host_queue_descriptor() }

    /// Any thread.
    func enqueue(_ job: UnownedJob) { append(.job(job)) }

    /// Runs `block` on the host thread, in order with the main actor's jobs. Any thread.
    package func post(_ block: @escaping @Sendable () -> Void) { append(.block(block)) }

    /// Makes the descriptor readable with nothing queued (`mvvm_wakeup()`). Any thread.
    package func signal() { mvvmhook_host_queue_signal() }

    private func append(_ item: Item) {
        let mustSignal = state.withLock { state in
            state.items.append(item)
            defer { state.signalled = true }
            return !state.signalled
        }
        if mustSignal { mvvmhook_host_queue_signal() }
    }

    /// Runs what is queued, and what those items queue in turn, up to a bound (a task that
    /// keeps yielding must not hold the host forever: the rest waits for the next call, with
    /// the descriptor left readable). True when an item ran (false for a bare `signal()`).
    /// Host thread only.
    @discardableResult
    package func drain() -> Bool {
        // Cleared before taking, so a signal for an item queued after the take is never lost.
        mvvmhook_host_queue_clear()
        let executor = HostMainExecutor.shared.asUnownedSerialExecutor()
        var ran = false
        for _ in 0..<Self.roundsPerDrain {
            let batch = state.withLock { state -> [Item] in
                state.signalled = false
                defer { state.items.removeAll(keepingCapacity: true) }
                return state.items
            }
            if batch.isEmpty { return ran }
            ran = true
            for item in batch {
                switch item {
                case .job(let job): job.runSynchronously(on: executor)
                case .block(let block): block()
                }
            }
        }
        if !state.withLock({ $0.items.isEmpty }) { mvvmhook_host_queue_signal() }
        return ran
    }

    private static let roundsPerDrain = 16
}
