import CExecutorHooks
import CMVVM
import Glibc
import MVVMBindingCore

/// The one thread rule: the API runs on the host thread, where the Swift main actor lives
/// while the host drives its queue through `mvvm_dispatch()`. That is the process's main
/// thread, or the thread that called `mvvm_init_with_options()`; the first init fixes it for
/// the process's lifetime (the main executor cannot move once made).
public enum HostThread {
    @inline(__always)
    public static var isCurrent: Bool { mvvmhook_is_host_thread() != 0 }

    /// Makes the calling thread the host thread (an init), or says why it cannot be. On a
    /// thread other than the process's main thread the first call also makes Swift's main
    /// executor the host thread's (`HostMainExecutor`), before the main actor is used.
    static func fixToCallingThread() -> APIError? {
        let earlier = mvvmhook_fix_host_thread()
        if earlier != 0 { return .hostThreadFixed(earlier) }
        if mvvmhook_is_process_main_thread() != 0 { return nil }
        return executorMoveFailure
    }

    /// The main executor's move, once per process (it cannot be undone): nil when it
    /// happened, else the error every later init on this thread gets too.
    private static let executorMoveFailure: APIError? = {
        guard HostMainExecutor.install() else {
            return APIError(
                MVVM_E_STATE,
                "Swift's main executor existed before the first mvvm_init_with_options() (something used the Swift main actor first), so the main actor cannot move to this thread."
            )
        }
        MainQueue.routeToHostThread()
        return nil
    }()

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

extension APIError {
    static func hostThreadFixed(_ hostThreadID: Int32) -> APIError {
        let which =
            hostThreadID == getpid()
            ? "the process's main thread, by mvvm_init()" : "by mvvm_init_with_options()"
        return APIError(
            MVVM_E_WRONG_THREAD,
            "The host thread is fixed for the process's lifetime: it is thread \(hostThreadID) (\(which)), and this is thread \(mvvmhook_current_thread_id())."
        )
    }
}
