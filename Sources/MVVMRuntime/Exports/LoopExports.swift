import CExecutorHooks
import CFFI
import CMVVM
import Dispatch
import MVVMBindingCore

// The runtime's life and the host loop (libcurl multi style: the host owns the loop).

// The checks run in the header's order ("THE ORDER OF CHECKS"): the thread, the runtime,
// reentrancy, then the arguments. The inits check the thread first too (a refusal there
// fixes nothing), then their options, then fix the host thread.

@MainActor @c public func mvvm_init() -> mvvm_status {
    guard HostThread.isCurrent else {
        // Before any init only the main thread passes: mvvm_init() fixes that one.
        let host = mvvmhook_host_thread_id()
        return LastError.fail(host == 0 ? .initOffMainThread() : .wrongThread(#function, host: host))
    }
    // Before any init the main thread counts as the host thread; from now on it is.
    if let error = HostThread.fixToCallingThread() { return LastError.fail(error) }
    return startRuntime()
}

/// Exported as `@MainActor` like the others (nothing checks isolation at the C boundary):
/// the calling thread becomes the main actor's thread here, before anything else runs.
@MainActor @c public func mvvm_init_with_options(_ options: UnsafePointer<mvvm_init_options>?) -> mvvm_status {
    let host = mvvmhook_host_thread_id()
    if host != 0 && !HostThread.isCurrent { return LastError.fail(.wrongThread(#function, host: host)) }
    guard let options else { return LastError.fail(.nullPointer("options")) }
    let expectedSize = UInt32(MemoryLayout<mvvm_init_options>.size)
    // 0.1's struct ended after `flags`: it is read to there, the rest taking the defaults.
    let earlierSize = UInt32(MVVM_INIT_OPTIONS_SIZE_0_1)
    let size = options.pointee.struct_size
    guard size == expectedSize || size == earlierSize else {
        return LastError.fail(
            APIError(
                MVVM_E_INVALID_ARGUMENT,
                "options->struct_size is \(size); this library accepts \(expectedSize) (sizeof(mvvm_init_options)) or \(earlierSize) (0.1's, MVVM_INIT_OPTIONS_SIZE_0_1)."
            ))
    }
    let known = UInt32(MVVM_INIT_REPORT_LEAKS.rawValue)
    guard options.pointee.flags & ~known == 0 else {
        return LastError.fail(
            APIError(
                MVVM_E_INVALID_ARGUMENT,
                "options->flags is \(options.pointee.flags); the flags defined are MVVM_INIT_REPORT_LEAKS (\(known)), the rest must be 0."))
    }
    var debugging = DebugOptions(flags: options.pointee.flags)
    if size == expectedSize, let path = options.pointee.journal_path {
        guard let text = String(validatingCString: path) else {
            return LastError.fail(APIError(MVVM_E_INVALID_UTF8, "options->journal_path is not valid UTF-8."))
        }
        debugging.journalPath = text
    }
    // Another thread may have fixed the host thread since the check above: this says so.
    if let error = HostThread.fixToCallingThread() { return LastError.fail(error) }
    return startRuntime(debugging, #function)
}

/// The rest of an init, on the (fixed) host thread.
@MainActor private func startRuntime(_ debugging: DebugOptions = DebugOptions(flags: 0), _ function: String = "mvvm_init") -> mvvm_status {
    LastError.adoptCallingThreadAsHost()
    do throws(APIError) {
        try TypeRegistry.shared.requireApplication()
    } catch {
        return LastError.fail(error)
    }
    if Runtime.current == nil {
        Runtime.current = Runtime()
        debugging.withEnvironment().start(function)
    }
    MainBoundResume.install()
    // Make sure the queue's descriptor exists before the host asks for it.
    _ = MainLoop.descriptor
    LastError.clear()
    return MVVM_OK
}

@MainActor @c public func mvvm_shutdown() -> mvvm_status {
    guard HostThread.isCurrent else {
        // Before any init nothing runs, on any thread: nothing to stop.
        let host = mvvmhook_host_thread_id()
        if host == 0 {
            LastError.clear()
            return MVVM_OK
        }
        return LastError.fail(.wrongThread(#function, host: host))
    }
    guard let runtime = Runtime.current else {
        LastError.clear()
        return MVVM_OK
    }
    guard !runtime.isInsideCall else { return LastError.fail(.reentrancy("mvvm_shutdown")) }
    DebugOptions.willShutDown(runtime)
    runtime.enter()
    runtime.tearDown()
    Runtime.current = nil
    DebugOptions.didShutDown()
    LastError.clear()
    return MVVM_OK
}

@MainActor @c public func mvvm_get_fd(_ outFD: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    apiCall { _ throws(APIError) in
        try store(MainLoop.descriptor, into: outFD, "out_fd")
    }
}

/// The prologue of mvvm_dispatch() and mvvm_run(): the thread, the runtime, reentrancy.
@MainActor @inline(__always)
private func loopRuntime(_ function: StaticString) -> Result<Runtime, APIError> {
    guard HostThread.isCurrent else { return .failure(.offHostThread(function)) }
    guard let runtime = Runtime.current else { return .failure(.notInitialized(function)) }
    guard !runtime.isInsideCall else { return .failure(.reentrancy("\(function)".prefix { $0 != "(" }.description)) }
    return .success(runtime)
}

@MainActor @c public func mvvm_dispatch() -> mvvm_status {
    switch loopRuntime(#function) {
    case .failure(let error): return LastError.fail(error)
    case .success(let runtime):
        _ = dispatch(runtime, "mvvm_dispatch")
        LastError.clear()
        return MVVM_OK
    }
}

/// Runs what the main actor's queue holds; true when queued work ran (not a bare wake-up).
@MainActor private func dispatch(_ runtime: Runtime, _ function: String) -> Bool {
    // Journaled before it runs: what the queued work changes is delivered after this line.
    if Journal.isOn { JournalEvents.dispatch(function) }
    runtime.enter()
    let ran = MainLoop.drain()
    runtime.retiredClosures.removeAll()
    runtime.leave()
    Journal.current?.flush()
    return ran
}

@MainActor @c public func mvvm_run(_ timeoutMilliseconds: Int32, _ outDispatched: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    switch loopRuntime(#function) {
    case .failure(let error): return LastError.fail(error)
    case .success(let runtime):
        let ran = MainLoop.waitUntilReadable(timeoutMilliseconds: timeoutMilliseconds) && dispatch(runtime, "mvvm_run")
        outDispatched?.pointee = ran ? 1 : 0
        LastError.clear()
        return MVVM_OK
    }
}

@c public func mvvm_wakeup() -> mvvm_status {
    if Journal.isOn { JournalEvents.wakeup() }
    MainLoop.wake()
    LastError.clear()
    return MVVM_OK
}

extension APIError {
    static func reentrancy(_ function: String) -> APIError {
        APIError(MVVM_E_REENTRANCY, "\(function)() may not be called from inside a signal handler or command.")
    }
}
