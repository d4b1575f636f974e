import Foundation

/// A value behind a pthread mutex (`NSLock`), with `Synchronization.Mutex`'s `withLock` shape,
/// for state the host's threads share with the runtime (the pending host requests).
///
/// Why not `Mutex`: its contended path is a priority-inheritance futex in
/// libswiftSynchronization, where the kernel hands the lock over. ThreadSanitizer sees neither
/// that acquire nor the matching release, so it reports the guarded state as raced whenever
/// two threads meet at the lock (check-all's TSan host stress did, on every run). A pthread
/// mutex is intercepted by ThreadSanitizer, so the stress stays able to find real races here.
/// Nothing here is hot: a lock per host request.
final class PthreadLocked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// Touched only inside `withLock`.
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
