import CFFI
import Dispatch
import Glibc

/// Debug builds, worker mode: says so when an app queues work on the dispatch main queue.
///
/// With a host thread other than the process's main thread (`mvvm_init_with_options()`), the
/// main actor's queue is `HostThreadQueue`, and the schedulers route `DispatchQueue.main` and
/// `RunLoop.main` there (`MainQueue`). A block given to `DispatchQueue.main.async` directly
/// still goes to the dispatch main queue, which only the process's main thread may drain
/// (libdispatch traps on any other), so in this mode it never runs. libdispatch signals the
/// queue's eventfd when such work arrives: this watch reads it on a pool thread and prints one
/// warning naming the call, so the silent loss is seen while developing. Release builds (the
/// shipped library) do not watch; the rule is documented (README, "The host thread").
enum DispatchMainQueueWatch {
    /// Starts watching, once per process (the host thread cannot move back). Called when the
    /// main actor moves to `hostThread`.
    static func start(hostThread: Int32) {
        #if DEBUG
        let fd = _dispatch_get_main_queue_handle_4CF()
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .global(qos: .utility))
        source.setEventHandler {
            var counter: UInt64 = 0
            _ = read(fd, &counter, MemoryLayout<UInt64>.size)  // nothing else reads it in this mode
            source.cancel()  // once: the queue is never drained, so later work is lost alike
            let message = """
                mvvm: warning: DispatchQueue.main.async (or asyncAfter, or a dispatch source or \
                timer on DispatchQueue.main) was called while the host thread is thread \(hostThread), \
                made the host thread by mvvm_init_with_options(): in this mode nothing drains the \
                dispatch main queue (only the process's main thread, \(getpid()), could), so that work \
                never runs. Use MainQueue.async(_:), a Task { @MainActor in ... }, or DispatchQueue.main \
                and RunLoop.main as Combine schedulers (receive(on:), Timer.publish), which run on the \
                host thread (README, "The host thread").

                """
            // write(2), not stdio: one unbuffered write, whatever the host did to stderr.
            var text = message
            text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
        }
        source.activate()
        #endif
    }
}
