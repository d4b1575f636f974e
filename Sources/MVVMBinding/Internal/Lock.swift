import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small non-recursive lock for the binding primitives' critical sections, which are a few
/// loads and stores and never call out (a subscriber, a closure, an upstream subscription is
/// always called after unlocking).
///
/// Uncontended, locking is one compare-and-swap and unlocking one release store: about a third
/// of `pthread_mutex_t`'s cost and half of `Synchronization.Mutex`'s (whose unlock is another
/// atomic read-modify-write). It matters because every `@Published` read and every value a
/// subject sends takes it. A thread that finds the lock taken spins briefly, then yields its
/// time slice until the holder is done; that suits this lock only because no holder ever
/// blocks or runs foreign code, so a holder is always a few instructions from unlocking.
///
/// The owners are `@unchecked Sendable` classes that touch their guarded state only between
/// `lock()` and `unlock()` (or inside `withLock`). `@usableFromInline` so that `@Published`'s
/// getter can be inlined (and so specialised) in client modules.
///
/// A noncopyable struct kept inline in its owner (no allocation of its own): declare it `let`.
@usableFromInline
package struct Lock: ~Copyable, Sendable {
    /// 0 when free, 1 when held.
    @usableFromInline let state = Atomic<UInt32>(0)

    package init() {}

    @inlinable @inline(__always)
    package func lock() {
        if state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
        lockContended()
    }

    @inlinable @inline(__always)
    package func unlock() {
        state.store(0, ordering: .releasing)
    }

    @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// The slow path: spin on plain loads (no cache-line traffic) while the holder finishes,
    /// then give the CPU away between attempts so a descheduled holder can run.
    @usableFromInline @inline(never)
    func lockContended() {
        var attempts = 0
        while true {
            if state.load(ordering: .relaxed) == 0
                && state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
            {
                return
            }
            attempts += 1
            if attempts > 64 { sched_yield() }
        }
    }
}
