import CLibFFI

/// The one thread rule: the API runs on the process's main thread, where the Swift main actor
/// lives when a host drives the main queue through `mvvm_dispatch()`.
public enum HostThread {
    @inline(__always)
    public static var isCurrent: Bool { mvvm_is_main_thread() != 0 }

    /// Runs `body` for a C callback known to run on the host thread: main-actor code from a
    /// nonisolated function, without `MainActor.assumeIsolated`, whose own check of the same
    /// fact costs about 1,000 instructions per call on Linux (measured; more than the rest of
    /// a command). Callers: a command closure's trampoline, which has just checked
    /// `isCurrent`, and `@Published` observations, which `@MainActor` ViewModels trigger
    /// inside API calls. This is the runtime's one unchecked isolation claim, and debug
    /// builds assert it.
    ///
    /// `body` must capture nothing (it gets `argument`): a non-capturing closure has no
    /// context to allocate or count, so reinterpreting it costs nothing.
    @inline(__always)
    static func assumeCurrent<Argument>(_ argument: Argument, _ body: @escaping @MainActor (Argument) -> Void) {
        assert(isCurrent, "assumeCurrent called off the host thread")
        unsafeBitCast(body, to: ((Argument) -> Void).self)(argument)
    }
}
