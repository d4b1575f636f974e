import Dispatch
import Synchronization

/// Where `DispatchQueue.main` work belongs: the main actor's queue. That is the dispatch main
/// queue, unless the host made another thread the host thread (`mvvm_init_with_options()`):
/// then it is `HostThreadQueue`, which that thread drains, and the dispatch main queue is
/// never drained at all. The schedulers (`DispatchQueue.main`, `RunLoop.main`) route through
/// here, and so should any code that would call `DispatchQueue.main.async` itself.
public enum MainQueue {
    private static let routed = Atomic<Bool>(false)

    /// True once main-actor work runs on a host thread that is not the process's main thread.
    /// Set once (before that thread starts the runtime), never cleared.
    @inline(__always)
    public static var isOnHostThread: Bool { routed.load(ordering: .relaxed) }

    /// Sends main-queue work to the host thread from now on. Called by the runtime once, after
    /// `HostMainExecutor.install()` and before anything is queued.
    package static func routeToHostThread() { routed.store(true, ordering: .relaxed) }

    /// Runs `block` on the main actor's queue. Any thread.
    public static func async(_ block: @escaping @Sendable () -> Void) {
        if isOnHostThread { HostThreadQueue.shared.post(block) } else { DispatchQueue.main.async(execute: block) }
    }

    /// Runs `block` on the main actor's queue at `deadline`. Any thread.
    public static func asyncAfter(deadline: DispatchTime, _ block: @escaping @Sendable () -> Void) {
        if isOnHostThread {
            // The timer fires on the pool, which hands the block over at once.
            DispatchQueue.global().asyncAfter(deadline: deadline) { HostThreadQueue.shared.post(block) }
        } else {
            DispatchQueue.main.asyncAfter(deadline: deadline, execute: block)
        }
    }
}
