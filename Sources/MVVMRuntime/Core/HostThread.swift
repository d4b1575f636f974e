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
    static func fixToCallingThread(_ function: StaticString = #function) -> APIError? {
        let earlier = mvvmhook_fix_host_thread()
        if earlier != 0 { return .wrongThread(function, host: earlier) }
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
        DispatchMainQueueWatch.start(hostThread: mvvmhook_current_thread_id())
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

    /// `assumeCurrent` for a body that reads a value (the journal's: not on a hot path).
    static func assumeCurrentValue<Value: Sendable>(_ body: @MainActor () -> Value) -> Value {
        assert(isCurrent, "assumeCurrentValue called off the host thread")
        return MainActor.assumeIsolated(body)
    }
}

// MARK: - Refusals (built only when a call fails)

/// The messages of the thread rule, in the words of mvvm.h ("THE ONE THREAD RULE", "THE ORDER
/// OF CHECKS"): each names the function, the calling thread and the host thread (or that none
/// is fixed yet), by kernel thread id (gettid(); Python's threading.get_native_id()), and the
/// init function that fits the program's mode.
extension APIError {
    /// A host-thread function called off the host thread: MVVM_E_WRONG_THREAD once a host
    /// thread is fixed; before the first init no thread is the wrong one, so the runtime is
    /// simply not running (MVVM_E_NOT_INITIALIZED), on any thread.
    @inline(never)
    static func offHostThread(_ function: StaticString) -> APIError {
        let host = mvvmhook_host_thread_id()
        return host == 0 ? notInitialized(function) : wrongThread(function, host: host)
    }

    /// MVVM_E_WRONG_THREAD for `function` called on this thread while `host` is the host thread.
    @inline(never)
    static func wrongThread(_ function: StaticString, host: Int32) -> APIError {
        APIError(
            MVVM_E_WRONG_THREAD,
            "\(HostThread.callName(function)) was called on thread \(mvvmhook_current_thread_id()), but the host thread is thread \(host) (\(HostThread.describe(host))), fixed for the process's lifetime: call it on thread \(host)."
        )
    }

    /// MVVM_E_WRONG_THREAD for mvvm_init() on a thread that is not the process's main thread
    /// while no host thread is fixed: only mvvm_init_with_options() can make it the host thread.
    @inline(never)
    static func initOffMainThread() -> APIError {
        let me = mvvmhook_current_thread_id()
        return APIError(
            MVVM_E_WRONG_THREAD,
            "mvvm_init() was called on thread \(me), but mvvm_init() makes the process's main thread (thread \(getpid())) the host thread, and no host thread is fixed yet: call mvvm_init_with_options() to make thread \(me) the host thread."
        )
    }

    /// MVVM_E_NOT_INITIALIZED for `function`, naming the init that starts the runtime in this
    /// program's mode.
    @inline(never)
    static func notInitialized(_ function: StaticString) -> APIError {
        let host = mvvmhook_host_thread_id()
        let remedy =
            switch host {
            case 0:
                "no host thread is fixed yet: call mvvm_init() on the process's main thread (thread \(getpid())), or mvvm_init_with_options() on the thread that is to be the host thread, first"
            case getpid():
                "call mvvm_init() first (or again after mvvm_shutdown())"
            default:
                "call mvvm_init_with_options() on the host thread (thread \(host)) first (or again after mvvm_shutdown())"
            }
        return APIError(
            MVVM_E_NOT_INITIALIZED,
            "\(HostThread.callName(function)) was called while the runtime is not running: \(remedy).")
    }
}

extension HostThread {
    /// "mvvm_get_fd()" for the `#function` "mvvm_get_fd(_:)".
    static func callName(_ function: StaticString) -> String {
        let name = function.description
        return "\(name.prefix { $0 != "(" })()"
    }

    /// The host thread `host` in words: the main thread, or the one made by the options init.
    static func describe(_ host: Int32) -> String {
        host == getpid()
            ? "the process's main thread"
            : "made the host thread by mvvm_init_with_options(); the process's main thread is thread \(getpid())"
    }
}
