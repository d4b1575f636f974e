import CFFI
import CMVVM

/// A libffi call description for one connection's argument layout, prepared once at connect
/// and reused for every call.
final class FFICallDescription {
    let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    let argumentCount: Int
    /// Argument storage reused by every call: one 8-byte slot per argument (as large as any
    /// argument type here) and the array of pointers to them libffi reads. Prepared once, so
    /// a call allocates nothing. Calls on one connection never overlap: they happen on the
    /// host thread, and a handler re-entering the same signal gets its own emission only
    /// after this one has read its arguments (libffi copies them before the call).
    let slots: UnsafeMutablePointer<UInt64>
    let slotPointers: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    /// Prepares a description for `void handler(types...)` (`what`: the call it is for, in the
    /// message); throws `MVVM_E_FFI` when libffi cannot be loaded or refuses.
    init(argumentTypes types: [UnsafeMutablePointer<ffi_type>], for what: @autoclosure () -> String) throws(APIError) {
        try LibFFI.load(for: "Preparing \(what())")
        argumentCount = types.count
        argumentTypes = .allocate(capacity: types.count)
        for (index, type) in types.enumerated() { argumentTypes[index] = type }
        slots = .allocate(capacity: max(types.count, 1))
        slotPointers = .allocate(capacity: max(types.count, 1))
        for index in 0..<types.count { slotPointers[index] = UnsafeMutableRawPointer(slots + index) }
        cif = .allocate(capacity: 1)
        let status = cffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(types.count), cffi_type_void(), argumentTypes)
        // Every property is set: a throw now runs deinit, which frees them.
        guard status == FFI_OK else { throw APIError(MVVM_E_FFI, "libffi could not prepare \(what()).") }
    }

    deinit {
        argumentTypes.deallocate()
        cif.deallocate()
        slots.deallocate()
        slotPointers.deallocate()
    }

    /// Writes argument `index` into its slot.
    @inline(__always)
    func set<T>(_ index: Int, _ value: T) {
        UnsafeMutableRawPointer(slots + index).storeBytes(of: value, as: T.self)
    }

    /// Calls `function` with the arguments stored by `set`.
    func call(_ function: mvvm_callback) {
        cffi_call(cif, function, nil, slotPointers)
    }
}
