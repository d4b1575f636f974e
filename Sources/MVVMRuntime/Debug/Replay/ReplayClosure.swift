import CFFI
import CMVVM

/// A C function of the given argument types that hands its arguments to `receive`: what
/// replay connects as a signal handler and puts in a host table, made with a libffi closure
/// (as `CommandClosure` is). Lives until it is released; replay keeps every one until the
/// runtime it was given to has shut down.
final class ReplayClosure {
    /// The function pointer.
    let function: UnsafeMutableRawPointer
    private let closure: UnsafeMutableRawPointer
    private let cif: UnsafeMutablePointer<ffi_cif>
    private let types: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    private let count: Int
    /// Called on the host thread with a pointer to each argument's storage.
    let receive: @MainActor ([UnsafeMutableRawPointer]) -> Void

    /// Nil when libffi cannot be loaded (`LibFFI.loadFailure` says why), allocate or prepare
    /// the closure.
    init?(argumentTypes: [UnsafeMutablePointer<ffi_type>], receive: @escaping @MainActor ([UnsafeMutableRawPointer]) -> Void) {
        guard LibFFI.loadFailure == nil else { return nil }
        self.receive = receive
        count = argumentTypes.count
        types = .allocate(capacity: max(count, 1))
        for (index, type) in argumentTypes.enumerated() { types[index] = type }
        cif = .allocate(capacity: 1)
        var code: UnsafeMutableRawPointer?
        guard cffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(count), cffi_type_void(), types) == FFI_OK,
            let raw = cffi_closure_alloc(MemoryLayout<ffi_closure>.size, &code), let code
        else {
            types.deallocate()
            cif.deallocate()
            return nil
        }
        closure = raw
        function = code
        guard
            cffi_prep_closure_loc(
                raw.assumingMemoryBound(to: ffi_closure.self), cif, replayClosureTrampoline, Unmanaged.passUnretained(self).toOpaque(),
                code) == FFI_OK
        else {
            return nil  // every property is set: deinit frees the closure, types and cif
        }
    }

    deinit {
        cffi_closure_free(closure)
        types.deallocate()
        cif.deallocate()
    }

    fileprivate func call(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        let pointers = (0..<count).map { arguments[$0]! }
        // Replay's handlers and host functions are called inside its own API calls, on the
        // host thread (the library's rule for both).
        guard HostThread.isCurrent else { return }
        HostThread.assumeCurrent((self, pointers)) { call in call.0.receive(call.1) }
    }
}

private func replayClosureTrampoline(
    _ cif: UnsafeMutablePointer<ffi_cif>?, _ result: UnsafeMutableRawPointer?,
    _ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ box: UnsafeMutableRawPointer?
) {
    guard let box, let arguments else { return }
    Unmanaged<ReplayClosure>.fromOpaque(box).takeUnretainedValue().call(arguments)
}
