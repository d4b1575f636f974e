import CLibFFI
import CMVVM

/// A libffi call description for one connection's argument layout, prepared once at connect
/// and reused for every call.
final class FFICallDescription {
    let cif: UnsafeMutablePointer<ffi_cif>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    let argumentCount: Int

    /// Prepares a description for `void handler(types...)`; nil if libffi refuses.
    init?(argumentTypes types: [UnsafeMutablePointer<ffi_type>]) {
        argumentCount = types.count
        argumentTypes = .allocate(capacity: types.count)
        for (index, type) in types.enumerated() { argumentTypes[index] = type }
        cif = .allocate(capacity: 1)
        let status = ffi_prep_cif(cif, FFI_DEFAULT_ABI, UInt32(types.count), mvvm_ffi_type_void(), argumentTypes)
        guard status == FFI_OK else {
            argumentTypes.deallocate()
            cif.deallocate()
            return nil
        }
    }

    deinit {
        argumentTypes.deallocate()
        cif.deallocate()
    }

    /// Calls `function` with the values behind `arguments` (one pointer per argument).
    func call(_ function: mvvm_callback, _ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        ffi_call(cif, function, nil, arguments)
    }
}
