import CLibFFI

/// The one thread rule: the API runs on the process's main thread, where the Swift main actor
/// lives when a host drives the main queue through `mvvm_dispatch()`.
enum HostThread {
    @inline(__always)
    static var isCurrent: Bool { mvvm_is_main_thread() != 0 }
}
