import CExecutorHooks
import CFFI
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

    /// Clears the descriptor and runs what the queue holds; true when queued work ran (or, on
    /// the dispatch main queue, was queued since the last drain), false for a bare wake-up.
    /// Host thread only.
    static func drain() -> Bool {
        if MainQueue.isOnHostThread { return HostThreadQueue.shared.drain() }
        var counter: UInt64 = 0
        let fd = _dispatch_get_main_queue_handle_4CF()
        // libdispatch makes the eventfd non-blocking: read it at once (an empty one fails with
        // EAGAIN and leaves the counter 0), saving a poll() per dispatch; a blocking one is
        // read only when readable.
        if descriptorIsNonBlocking || mvvm_wait_readable(fd, 0) == 1 {
            _ = read(fd, &counter, MemoryLayout<UInt64>.size)
        }
        _dispatch_main_queue_callback_4CF(nil)
        // libdispatch adds 1 for work it queued, `wake()` adds `wakeUnit`.
        return counter % wakeUnit != 0
    }

    /// Whether the dispatch main queue's eventfd was made with O_NONBLOCK (libdispatch's own
    /// choice, fixed when it is made).
    private static let descriptorIsNonBlocking = fcntl(_dispatch_get_main_queue_handle_4CF(), F_GETFL) & O_NONBLOCK != 0

    /// Waits for the descriptor; true when work is pending.
    static func waitUntilReadable(timeoutMilliseconds: Int32) -> Bool {
        mvvm_wait_readable(descriptor, timeoutMilliseconds) == 1
    }

    /// What `wake()` adds to the dispatch main queue's eventfd counter: libdispatch adds 1 per
    /// signal of queued work, so the counter read by `drain()` tells the two apart (2^32 wake-
    /// ups between two drains would be needed to blur them).
    private static let wakeUnit: UInt64 = 1 << 32

    /// Makes the descriptor readable (`mvvm_wakeup()`) without queuing anything. Any thread.
    static func wake() {
        if MainQueue.isOnHostThread { return HostThreadQueue.shared.signal() }
        // The dispatch main queue's own descriptor, made readable as libdispatch makes it
        // (an eventfd write); draining an empty main queue does nothing.
        var unit = wakeUnit
        let fd = _dispatch_get_main_queue_handle_4CF()
        while write(fd, &unit, MemoryLayout<UInt64>.size) < 0 && errno == EINTR {}
        // EAGAIN: the counter is at its maximum, so the descriptor is readable anyway.
    }
}
