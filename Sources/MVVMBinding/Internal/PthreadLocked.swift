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
///
/// A struct over one non-generic object, so copies share the lock and the value: a generic
/// class costs the Swift runtime a metadata instantiation the first time each `Value` is used
/// (its layout and superclass resolved at run time, 5 – 20 k instructions), and these are made
/// on a host's first page (the published-fields cache, the sample data's names).
package struct PthreadLocked<Value>: @unchecked Sendable {
    private let storage: PthreadLockedStorage

    package init(_ value: Value) {
        let pointer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        pointer.initialize(to: value)
        storage = PthreadLockedStorage(value: UnsafeMutableRawPointer(pointer)) { value in
            value.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
        }
    }

    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(storage.mutex)
        defer { pthread_mutex_unlock(storage.mutex) }
        return try body(&storage.value.assumingMemoryBound(to: Value.self).pointee)
    }
}

/// The mutex and the value's memory; the value is touched only inside `withLock`.
private final class PthreadLockedStorage: @unchecked Sendable {
    /// Heap-allocated: a pthread mutex must not move, and a Swift stored property may.
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    let value: UnsafeMutableRawPointer
    private let deinitializeValue: (UnsafeMutableRawPointer) -> Void

    init(value: UnsafeMutableRawPointer, deinitialize: @escaping (UnsafeMutableRawPointer) -> Void) {
        self.value = value
        deinitializeValue = deinitialize
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed (\(status))")
    }

    deinit {
        deinitializeValue(value)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}
