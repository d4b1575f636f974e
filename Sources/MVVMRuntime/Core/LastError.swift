import CLibFFI
import CMVVM

/// The per-thread message behind `mvvm_last_error_message()`, kept in a fixed thread-local C
/// buffer so no thread ever leaks one and reading it needs no lock.
enum LastError {
    /// Records `message` for the calling thread, cut at a character boundary to fit.
    static func record(_ message: String) {
        let buffer = mvvm_thread_error_buffer()!
        let capacity = Int(MVVM_ERROR_MESSAGE_CAPACITY) - 1
        var length = 0
        for scalar in message.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            guard length + encoded.count <= capacity else { break }
            for byte in encoded {
                buffer[length] = CChar(bitPattern: byte)
                length += 1
            }
        }
        buffer[length] = 0
    }

    /// Marks the calling thread's last call as successful.
    @inline(__always)
    static func clear() {
        mvvm_thread_error_buffer()![0] = 0
    }

    static var message: UnsafePointer<CChar> { UnsafePointer(mvvm_thread_error_buffer()!) }

    /// Records `error` and returns its status, for the C return value.
    static func fail(_ error: APIError) -> mvvm_status {
        record(error.message)
        return error.status
    }
}
