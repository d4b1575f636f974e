import CExecutorHooks
import CLibFFI
import Dispatch
import Glibc
import MVVMBindingCore

/// The main actor's queue seen from a host loop: one eventfd that is readable while the
/// queue has work, and the drain call. Swift main-actor jobs (Task continuations), timers on
/// `DispatchQueue.main` and `mvvm_wakeup()` all arrive this way.
///
/// On the process's main thread the queue is the dispatch main queue (only that thread may
/// drain it); on another host thread it is `HostThreadQueue` (`MainQueue.isOnHostThread`).
enum MainLoop {
    /// Made on first request and kept for the process.
    static var descriptor: Int32 {
        MainQueue.isOnHostThread ? HostThreadQueue.shared.descriptor : _dispatch_get_main_queue_handle_4CF()
    }

    /// Clears the descriptor and runs what the queue holds. Host thread only.
    static func drain() {
        if MainQueue.isOnHostThread { return HostThreadQueue.shared.drain() }
        var counter: UInt64 = 0
        let fd = _dispatch_get_main_queue_handle_4CF()
        // Only read when readable: the eventfd may be blocking.
        if mvvm_wait_readable(fd, 0) == 1 {
            _ = read(fd, &counter, MemoryLayout<UInt64>.size)
        }
        _dispatch_main_queue_callback_4CF(nil)
    }

    /// Waits for the descriptor; true when work is pending.
    static func waitUntilReadable(timeoutMilliseconds: Int32) -> Bool {
        mvvm_wait_readable(descriptor, timeoutMilliseconds) == 1
    }

    /// Makes the descriptor readable (`mvvm_wakeup()`). Any thread.
    static func wake() {
        if MainQueue.isOnHostThread { return HostThreadQueue.shared.signal() }
        // Enqueuing anything on the main queue makes its descriptor readable.
        DispatchQueue.main.async {}
    }
}
