import Dispatch
import Glibc
import Synchronization

/// Where `DispatchQueue.main` work belongs: the main actor's queue. That is the dispatch main
/// queue, unless the host made another thread the host thread (`mvvm_init_with_options()`):
/// then it is `HostThreadQueue`, which that thread drains, and the dispatch main queue is
/// never drained at all. The schedulers (`DispatchQueue.main`, `RunLoop.main`) route through
/// here, and so should any code that would call `DispatchQueue.main.async` itself.
public enum MainQueue {
    private static let routed = Atomic<Bool>(false)

    /// True once main-actor work runs on a host thread that is not the process's main thread.
    /// Set once (before that thread starts the runtime), never cleared.
    @inline(__always)
    public static var isOnHostThread: Bool { routed.load(ordering: .relaxed) }

    /// Sends main-queue work to the host thread from now on. Called by the runtime once, after
    /// `HostMainExecutor.install()` and before anything is queued.
    package static func routeToHostThread() { routed.store(true, ordering: .relaxed) }

    /// Runs `block` on the main actor's queue. Any thread.
    public static func async(_ block: @escaping @Sendable () -> Void) {
        enqueue(block)
    }

    static func enqueue(_ block: @escaping @Sendable () -> Void) {
        if isOnHostThread { HostThreadQueue.shared.post(block) } else { DispatchQueue.main.async(execute: block) }
    }

    /// The main actor's clock: the uptime clock, or during a replay the journal's
    /// (`VirtualMainClock`). Timers on the main queue count from it.
    public static var now: DispatchTime {
        if VirtualMainClock.isRunning { return DispatchTime(uptimeNanoseconds: VirtualMainClock.read()) }
        let now = DispatchTime.now()
        if MainClockTap.isOn { MainClockTap.read(now.uptimeNanoseconds) }
        return now
    }

    /// The wall clock as the main actor reads it: seconds since 1970-01-01 UTC (the system's
    /// clock), for a ViewModel that stamps what it saves. A journal records each reading and a
    /// replay gives the recorded ones back (mvvm's docs/JOURNAL.md), which `Date()` cannot.
    public static var wallTime: Double {
        if VirtualMainClock.isRunning, let recorded = VirtualMainClock.wallReadings?() { return recorded }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let seconds = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        if MainClockTap.isOn { MainClockTap.readWall(seconds) }
        return seconds
    }

    /// Whether main-queue work goes through this type rather than straight to the dispatch
    /// main queue: on another host thread, while a replay's clock runs, or while a journal
    /// hears the clock.
    @inline(__always)
    public static var isRouted: Bool { isOnHostThread || VirtualMainClock.isRunning || MainClockTap.isOn }

    /// Runs `block` on the main actor's queue at `deadline` (on `now`'s clock). Any thread.
    public static func asyncAfter(deadline: DispatchTime, _ block: @escaping @Sendable () -> Void) {
        if VirtualMainClock.isRunning {
            VirtualMainClock.schedule(at: deadline.uptimeNanoseconds, block)
            return
        }
        let block = MainClockTap.tapped(block)
        if isOnHostThread {
            // The timer fires on the pool, which hands the block over at once.
            DispatchQueue.global().asyncAfter(deadline: deadline) { HostThreadQueue.shared.post(block) }
        } else {
            DispatchQueue.main.asyncAfter(deadline: deadline, execute: block)
        }
    }
}
