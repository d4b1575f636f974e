#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a pthread mutex, with `Synchronization.Mutex`'s `withLock` shape, for state
/// that threads share with critical sections that may be long or contended: the pending host
/// requests (MVVMSeedsApp), the sample data's edits and the HTTP transfer loop's queues
/// (MVVMDomain). `Lock` suits only a few instructions per section.
///
/// Why not `Mutex`: its contended path is a priority-inheritance futex in
/// libswiftSynchronization, where the kernel hands the lock over. ThreadSanitizer sees neither
/// that acquire nor the matching release, so it reports the guarded state as raced whenever
/// two threads meet at the lock (check-all's TSan host stress did, on every run). A pthread
/// mutex is intercepted by ThreadSanitizer, so the stress stays able to find real races here.
/// An uncontended lock and unlock cost a few tens of nanoseconds more than `Mutex`'s.
/// (Not `NSLock`, the same mutex: it is CoreFoundation-backed and would link corelibs
/// Foundation and ICU into the library.)
package final class PthreadLocked<Value>: @unchecked Sendable {
    /// Heap-allocated: a pthread mutex must not move, and a Swift stored property may.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Touched only inside `withLock`.
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
