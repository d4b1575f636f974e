import CMVVM

/// The prologue and epilogue of every host-thread API function: the thread rule, the
/// initialised check, call depth (for batching) and the error message.
///
/// `body` throws `APIError` for any failure; nothing it did before throwing is visible to the
/// host except through a status, so bodies validate before they change anything.
///
/// The exports are `@MainActor` functions: Swift does not check isolation at the C boundary,
/// so the thread check here is what makes that claim true before anything else runs.
///
/// The runtime is used unretained: it cannot go away during a call (`mvvm_shutdown()` refuses
/// to run inside one).
@MainActor @inline(__always)
public func apiCall(_ body: (Runtime) throws(APIError) -> Void) -> mvvm_status {
    guard HostThread.isCurrent else { return LastError.fail(.wrongThread) }
    guard let current = Runtime.unretainedCurrent else { return LastError.fail(.notInitialized) }
    return current.withGuaranteedInstance { runtime in
        runtime.enter()
        do throws(APIError) {
            try body(runtime)
        } catch {
            runtime.leave()
            return LastError.fail(error)
        }
        runtime.leave()
        LastError.clearOnHostThread()
        return MVVM_OK
    }
}

/// Writes `value` through `out`, or fails with a clear message when `out` is NULL.
@inline(__always)
public func store<T>(_ value: T, into out: UnsafeMutablePointer<T>?, _ parameter: String) throws(APIError) {
    guard let out else { throw .nullPointer(parameter) }
    out.pointee = value
}

/// Checks an out-pointer before any work is done, so a failure changes nothing.
@inline(__always)
public func require<T>(_ out: UnsafeMutablePointer<T>?, _ parameter: String) throws(APIError) -> UnsafeMutablePointer<T> {
    guard let out else { throw .nullPointer(parameter) }
    return out
}

/// A C string argument as a Swift string: NULL and invalid UTF-8 are refused. The name is an
/// autoclosure so that a name built by interpolation costs nothing unless the call fails.
public func string(from pointer: UnsafePointer<CChar>?, _ parameter: @autoclosure () -> String) throws(APIError) -> String {
    guard let pointer else { throw .nullPointer(parameter()) }
    guard let value = String(validatingCString: pointer) else {
        throw APIError(MVVM_E_INVALID_UTF8, "\(parameter()) is not valid UTF-8.")
    }
    return value
}

extension APIError {
    static let wrongThread = APIError(
        MVVM_E_WRONG_THREAD,
        "This function must be called on the host thread: the process's main thread, or the thread that called mvvm_init_with_options() (fixed for the process's lifetime)."
    )
    static let notInitialized = APIError(
        MVVM_E_NOT_INITIALIZED, "The runtime is not running: call mvvm_init() first (or again after mvvm_shutdown()).")
}
