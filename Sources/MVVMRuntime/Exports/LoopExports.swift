import CLibFFI
import CMVVM
import Dispatch
import MVVMBindingCore

// The runtime's life and the host loop (libcurl multi style: the host owns the loop).

@MainActor @c public func mvvm_init() -> mvvm_status {
    guard HostThread.isCurrent else { return LastError.fail(.wrongThread) }
    if Runtime.current == nil { Runtime.current = Runtime() }
    MainBoundResume.install()
    // Make sure the main queue's descriptor exists before the host asks for it.
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
    // Enqueuing anything on the main queue makes its descriptor readable; that is the wake-up.
    DispatchQueue.main.async {}
    LastError.clear()
    return MVVM_OK
}

extension APIError {
    static func reentrancy(_ function: String) -> APIError {
        APIError(MVVM_E_REENTRANCY, "\(function)() may not be called from inside a signal handler or command.")
    }
}
