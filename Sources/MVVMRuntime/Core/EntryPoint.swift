import CMVVM

/// The prologue and epilogue of every host-thread API function: the thread rule, the
/// initialised check, call depth (for batching) and the error message. The checks run in the
/// header's order (mvvm.h, "THE ORDER OF CHECKS"): the thread, then the runtime, then what
/// `body` checks (arguments and handles).
///
/// `function` names the C function in a refusal's message; it defaults to the caller's name,
/// so every export and helper passes it down unchanged (a constant: no cost on success).
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
public func apiCall(
    function: StaticString = #function, _ body: (Runtime) throws(APIError) -> Void
) -> mvvm_status {
    guard HostThread.isCurrent else { return refuse(.offHostThread(function), function) }
    guard let current = Runtime.unretainedCurrent else { return refuse(.notInitialized(function), function) }
    return current.withGuaranteedInstance { runtime in
        runtime.enter()
        // One load when no journal is written; with one, the call's line is written after
        // its body and before its deliveries (JournalCalls).
        let journaling = JournalCalls.isRecording
        if journaling { JournalCalls.begin(function, depth: runtime.callDepth - 1) }
        do throws(APIError) {
            try body(runtime)
        } catch {
            if journaling { JournalCalls.end(error.status, error.message, refusesPointer: error.refusesPointer) }
            runtime.leave()
            return LastError.fail(error)
        }
        if journaling { JournalCalls.end(MVVM_OK) }
        runtime.leave()
        LastError.clearOnHostThread()
        return MVVM_OK
    }
}

/// A refusal before the call could start, journaled when a journal is written.
@inline(never)
func refuse(_ error: APIError, _ function: StaticString) -> mvvm_status {
    if Journal.isOn { JournalCalls.refused(function, error) }
    return LastError.fail(error)
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
