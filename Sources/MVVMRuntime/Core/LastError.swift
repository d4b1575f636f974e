import CFFI
import CMVVM
import Glibc

/// The per-thread message behind `mvvm_last_error_message()`: a fixed C buffer per thread,
/// allocated on the thread's first failure and freed when the thread exits, so reading it
/// needs no lock and no thread leaks one.
///
/// The buffer hangs off a pthread key rather than a C `static __thread` inside an inline shim
/// function: such a function is copied, with its buffer, into every object file that uses it,
/// and release builds split the module into several object files, so the buffer written by
/// `record` was not the one `message` read (messages came back empty).
public enum LastError {
    private static let capacity = Int(MVVM_ERROR_MESSAGE_CAPACITY)

    /// One key for the process; its destructor frees a thread's buffer at thread exit.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { free($0) }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// The calling thread's buffer, or nil if it never needed one.
    @inline(__always)
    private static var existingBuffer: UnsafeMutablePointer<CChar>? {
        pthread_getspecific(key)?.assumingMemoryBound(to: CChar.self)
    }

    /// Records `message` for the calling thread, cut at a character boundary to fit.
    static func record(_ message: String) {
        let buffer: UnsafeMutablePointer<CChar>
        if let existing = existingBuffer {
            buffer = existing
        } else {
            guard let fresh = calloc(capacity, 1) else { return }  // out of memory: no message
            pthread_setspecific(key, fresh)
            buffer = fresh.assumingMemoryBound(to: CChar.self)
            if HostThread.isCurrent { hostThreadBuffer = buffer }
        }
        var length = 0
        for scalar in message.unicodeScalars {
            let encoded = scalar.utf8  // whole characters only: stop before one that won't fit
            guard length + encoded.count <= capacity - 1 else { break }
            for byte in encoded {
                buffer[length] = CChar(bitPattern: byte)
                length += 1
            }
        }
        buffer[length] = 0
    }

    /// Marks the calling thread's last call as successful.
    @inline(__always)
    public static func clear() {
        existingBuffer?[0] = 0
    }

    /// Makes the calling thread's buffer (or none yet) the host thread's: an init, on the
    /// thread it fixed. Until then `record` may have taken another thread's (the main
    /// thread's, which counts as the host thread before any init), and a failure recorded
    /// here before the init made this thread's buffer without taking it.
    static func adoptCallingThreadAsHost() {
        hostThreadBuffer = existingBuffer
    }

    /// `clear()` for a call already checked to be on the host thread: no key lookup (whose
    /// lazy initialisation check and `pthread_getspecific` cost more than the rest of a
    /// successful call's epilogue).
    @inline(__always)
    static func clearOnHostThread() {
        hostThreadBuffer?[0] = 0
    }

    /// The host thread's buffer once it has one (the host thread is fixed for the process's
    /// lifetime and must outlive its use of the library, so the buffer lives as long as it is
    /// used). Written once, on that thread, and read only there: nonisolated(unsafe) is exact.
    nonisolated(unsafe) private static var hostThreadBuffer: UnsafeMutablePointer<CChar>?

    /// The calling thread's message; "" (static) on a thread that never failed.
    static var message: UnsafePointer<CChar> {
        if let buffer = existingBuffer { return UnsafePointer(buffer) }
        return emptyMessage
    }

    // nonisolated(unsafe): written once by the lazy initialiser, read-only afterwards.
    nonisolated(unsafe) private static let emptyMessage: UnsafePointer<CChar> = StaticCStrings.make("")

    /// Records `error` and returns its status, for the C return value.
    public static func fail(_ error: APIError) -> mvvm_status {
        record(error.message)
        return error.status
    }
}
