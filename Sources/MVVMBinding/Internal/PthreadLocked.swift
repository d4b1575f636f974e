import Foundation

/// A value behind a pthread mutex (`NSLock`), with `Synchronization.Mutex`'s `withLock` shape,
/// for state that threads share with critical sections that may be long or contended: the
/// pending host requests (MVVMRuntime) and the sample data's edits (MVVMDomain). `Lock` suits
/// only a few instructions per section.
///
/// Why not `Mutex`: its contended path is a priority-inheritance futex in
/// libswiftSynchronization, where the kernel hands the lock over. ThreadSanitizer sees neither
/// that acquire nor the matching release, so it reports the guarded state as raced whenever
/// two threads meet at the lock (check-all's TSan host stress did, on every run). A pthread
/// mutex is intercepted by ThreadSanitizer, so the stress stays able to find real races here.
/// An uncontended lock and unlock cost a few tens of nanoseconds more than `Mutex`'s.
package final class PthreadLocked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// Touched only inside `withLock`.
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
