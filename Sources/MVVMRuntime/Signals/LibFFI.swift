import CFFI
import CMVVM

/// libffi, opened on first use (`cffi_load`, once per process) rather than linked, so a host
/// that never uses a layout that calls through it never maps it.
enum LibFFI {
    /// Opens libffi if no call has yet; nil when it is ready, else why not (naming the library
    /// and the loader's reason, or the function it lacks).
    static var loadFailure: String? {
        cffi_load().map { String(cString: $0) }
    }

    /// Opens libffi if no call has yet, or throws `MVVM_E_FFI` saying why it cannot be: what
    /// every path that prepares a call description or makes a closure calls first (`what`
    /// needs it, for the message: "Making a command closure").
    static func load(for what: @autoclosure () -> String) throws(APIError) {
        if let failure = loadFailure {
            throw APIError(MVVM_E_FFI, "\(what()) needs libffi, and \(failure).")
        }
    }
}
