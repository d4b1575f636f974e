import CMVVM
import CMVVMAPITable
import MVVMRuntime

// The plug-in entry point: one symbol a host resolves with dlsym() to reach every function.
// It is the application's: its table holds every function of the library's header, the
// application's typed functions with the framework's, so it is generated per application
// (`make generate` writes Sources/CLibFFI/api_table.h from the header's mvvm_api struct).
//
// The table itself is a `static const` C object (Sources/CLibFFI/api_table.h): built by the
// linker, immutable, no run-time initialisation, so this function is safe on any thread and
// before mvvm_init(). It is filled there because Swift cannot form a `@convention(c)` pointer
// from the `@MainActor @c` exports.

@c public func mvvm_get_api(_ abiVersion: Int32, _ outAPI: UnsafeMutablePointer<UnsafePointer<mvvm_api>?>?) -> mvvm_status {
    guard let outAPI else { return LastError.fail(.nullPointer("out_api")) }
    let libraryVersion = Int32(MVVM_ABI_VERSION)
    guard abiVersion == libraryVersion else {
        return LastError.fail(.invalidArgument(
            "The host was built against ABI version \(abiVersion) but this library implements ABI version \(libraryVersion) (libmvvm \(MVVM_VERSION_STRING)): rebuild the host against this library's mvvm.h."))
    }
    outAPI.pointee = mvvm_api_table()
    LastError.clear()
    return MVVM_OK
}
