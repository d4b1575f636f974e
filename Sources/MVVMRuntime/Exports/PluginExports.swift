import CMVVM
import CMVVMAPITable

// The plug-in entry points: one symbol a host resolves with dlsym() to reach every function of
// a header. mvvm_get_api() is the framework's (mvvm.h's functions); an application's generator
// writes its own (`app_get_api`, `app_get_api`), whose table links back here.
//
// Each table is a `static const` C object (Sources/CFFI/include/api_table.h for this one): built
// by the linker, immutable, no run-time initialisation, so these functions are safe on any
// thread and before mvvm_init(). It is filled in C because Swift cannot form a
// `@convention(c)` pointer from the `@MainActor @c` exports.

@c public func mvvm_get_api(_ abiVersion: Int32, _ outAPI: UnsafeMutablePointer<UnsafePointer<mvvm_api>?>?) -> mvvm_status {
    PluginTableExport.hand(mvvm_api_table(), abiVersion, outAPI, "out_api")
}

/// The body of every `*_get_api` export: checks the host's ABI version and hands the table out.
public enum PluginTableExport {
    public static func hand<Table>(
        _ table: UnsafePointer<Table>, _ abiVersion: Int32,
        _ outAPI: UnsafeMutablePointer<UnsafePointer<Table>?>?, _ name: StaticString
    ) -> mvvm_status {
        guard let outAPI else { return LastError.fail(.nullPointer("\(name)")) }
        let libraryVersion = Int32(MVVM_ABI_VERSION)
        guard abiVersion == libraryVersion else {
            return LastError.fail(
                .invalidArgument(
                    "The host was built against ABI version \(abiVersion) but this library implements ABI version \(libraryVersion) (mvvm \(MVVM_VERSION_STRING)): rebuild the host against this library's headers."
                ))
        }
        outAPI.pointee = table
        LastError.clear()
        return MVVM_OK
    }
}
