import CLibFFI
import CMVVM
import Dispatch
import MVVMBindingCore

// The runtime's life and the host loop (libcurl multi style: the host owns the loop).

@MainActor @c public func mvvm_init() -> mvvm_status {
    guard HostThread.isCurrent else { return LastError.fail(.wrongThread) }
    // Before any init the main thread counts as the host thread; from now on it is.
    if let error = HostThread.fixToCallingThread() { return LastError.fail(error) }
    return startRuntime()
}

/// Exported as `@MainActor` like the others (nothing checks isolation at the C boundary):
/// the calling thread becomes the main actor's thread here, before anything else runs.
@MainActor @c public func mvvm_init_with_options(_ options: UnsafePointer<mvvm_init_options>?) -> mvvm_status {
    guard let options else { return LastError.fail(.nullPointer("options")) }
    let expectedSize = UInt32(MemoryLayout<mvvm_init_options>.size)
    guard options.pointee.struct_size == expectedSize else {
        return LastError.fail(
            APIError(
                MVVM_E_INVALID_ARGUMENT,
                "options->struct_size is \(options.pointee.struct_size); this library accepts \(expectedSize) (sizeof(mvvm_init_options))."))
    }
    guard options.pointee.flags == 0 else {
        return LastError.fail(
            APIError(
                MVVM_E_INVALID_ARGUMENT, "options->flags is \(options.pointee.flags); no flags are defined, it must be 0."))
    }
    if let error = HostThread.fixToCallingThread() { return LastError.fail(error) }
    return startRuntime()
}

/// The rest of an init, on the (fixed) host thread.
@MainActor private func startRuntime() -> mvvm_status {
    LastError.adoptCallingThreadAsHost()
    if Runtime.current == nil { Runtime.current = Runtime() }
    MainBoundResume.install()
    // Make sure the queue's descriptor exists before the host asks for it.
    _ = MainLoop.descriptor
    LastError.clear()
    return MVVM_OK
}

@MainActor @c public func mvvm_shutdown() -> mvvm_status {
    guard HostThread.isCurrent else { return LastError.fail(.wrongThread) }
    guard let runtime = Runtime.current else {
        LastError.clear()
        return MVVM_OK
    }
    guard !runtime.isInsideCall else { return LastError.fail(.reentrancy("mvvm_shutdown")) }
    runtime.enter()
    runtime.tearDown()
    Runtime.current = nil
    LastError.clear()
    return MVVM_OK
}

@MainActor @c public func mvvm_get_fd(_ outFD: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    apiCall { _ throws(APIError) in
        try store(MainLoop.descriptor, into: outFD, "out_fd")
    }
}

@MainActor @c public func mvvm_dispatch() -> mvvm_status {
    guard HostThread.isCurrent else { return LastError.fail(.wrongThread) }
    guard let runtime = Runtime.current else { return LastError.fail(.notInitialized) }
    guard !runtime.isInsideCall else { return LastError.fail(.reentrancy("mvvm_dispatch")) }
    runtime.enter()
    MainLoop.drain()
    runtime.retiredClosures.removeAll()
    runtime.leave()
    LastError.clear()
    return MVVM_OK
}

@MainActor @c public func mvvm_run(_ timeoutMilliseconds: Int32, _ outDispatched: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    guard HostThread.isCurrent else { return LastError.fail(.wrongThread) }
    guard let runtime = Runtime.current else { return LastError.fail(.notInitialized) }
    guard !runtime.isInsideCall else { return LastError.fail(.reentrancy("mvvm_run")) }
    let ready = MainLoop.waitUntilReadable(timeoutMilliseconds: timeoutMilliseconds)
    if ready {
        let status = mvvm_dispatch()
        guard status == MVVM_OK else { return status }
    }
    outDispatched?.pointee = ready ? 1 : 0
    LastError.clear()
    return MVVM_OK
}

@c public func mvvm_wakeup() -> mvvm_status {
    MainLoop.wake()
    LastError.clear()
    return MVVM_OK
}

extension APIError {
    static func reentrancy(_ function: String) -> APIError {
        APIError(MVVM_E_REENTRANCY, "\(function)() may not be called from inside a signal handler or command.")
    }
}
