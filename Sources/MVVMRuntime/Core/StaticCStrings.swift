import CMVVM
import Glibc

/// C strings with static lifetime: made once, never freed, safe to hand out from any thread.
enum StaticCStrings {
    // nonisolated(unsafe): written once by the lazy initialiser, read-only afterwards.
    nonisolated(unsafe) static let version: UnsafePointer<CChar> = make(MVVM_VERSION_STRING)

    nonisolated(unsafe) private static let statusNames: [UnsafePointer<CChar>] = [
        "MVVM_OK", "MVVM_E_INVALID_ARGUMENT", "MVVM_E_INVALID_HANDLE", "MVVM_E_WRONG_TYPE",
        "MVVM_E_WRONG_THREAD", "MVVM_E_NOT_INITIALIZED", "MVVM_E_OUT_OF_RANGE", "MVVM_E_INVALID_UTF8",
        "MVVM_E_UNKNOWN_NAME", "MVVM_E_NOT_FOUND", "MVVM_E_REENTRANCY", "MVVM_E_STATE",
        "MVVM_E_SYSTEM", "MVVM_E_FFI", "MVVM_E_SCHEMA",
    ].map(make)

    nonisolated(unsafe) private static let unknownStatus: UnsafePointer<CChar> = make("MVVM_E_UNKNOWN")

    static func statusName(_ status: mvvm_status) -> UnsafePointer<CChar> {
        let index = Int(status.rawValue)
        return statusNames.indices.contains(index) ? statusNames[index] : unknownStatus
    }

    /// A copy of `string` that lives for the rest of the process.
    static func make(_ string: String) -> UnsafePointer<CChar> {
        UnsafePointer(strdup(string)!)
    }
}
