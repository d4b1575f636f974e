import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A recursive lock that serialises calls into one downstream from several threads, as
/// Combine's operators that merge upstreams do (a recursive lock around every delivery): a
/// delivery that leads, on the same thread, to another delivery goes through, while another
/// thread's waits.
///
/// No allocation: `Lock` (spin, then yield) under an owner thread and a depth. The wait is on
/// foreign code (the downstream's), unlike `Lock`'s other uses, but only threads that race to
/// deliver ever wait; the uncontended cost is one load, one compare-and-swap and two stores.
struct DeliveryLock: ~Copyable, Sendable {
    private let mutex = Lock()
    /// The holding thread (`pthread_self()`), or 0.
    private let owner = Atomic<UInt>(0)
    /// Written only by the holding thread.
    private let depth = Atomic<Int>(0)

    init() {}

    func lock() {
        let me = currentThreadID()
        if owner.load(ordering: .relaxed) == me {
            depth.add(1, ordering: .relaxed)
            return
        }
        mutex.lock()
        owner.store(me, ordering: .relaxed)
        depth.store(1, ordering: .relaxed)
    }

    func unlock() {
        guard depth.subtract(1, ordering: .relaxed).newValue == 0 else { return }
        owner.store(0, ordering: .relaxed)
        mutex.unlock()
    }
}

/// The calling thread's identity, never 0.
@inline(__always)
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}
