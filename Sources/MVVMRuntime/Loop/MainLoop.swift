import CLibFFI
import Glibc

/// The main dispatch queue seen from a host loop: one eventfd that is readable while the
/// queue has work, and the drain call. Swift main-actor jobs (Task continuations), timers on
/// `DispatchQueue.main` and `mvvm_wakeup()` all arrive this way.
enum MainLoop {
    /// libdispatch creates the eventfd on first request and keeps it for the process.
    static var descriptor: Int32 { _dispatch_get_main_queue_handle_4CF() }

    /// Clears the descriptor and runs what the main queue holds. Host thread only.
    static func drain() {
        var counter: UInt64 = 0
        let fd = descriptor
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
}
