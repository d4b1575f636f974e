import Dispatch
import Synchronization

/// The main actor's clock when a replay drives it (`MainQueue.now`): a time that moves only
/// when told (`advance(to:)`), whose reads give the readings the journal recorded
/// (`readings`, in order) and whose timers run when the journal says one ran (`fireEarliest`:
/// the timer with the earliest deadline, as the dispatch main queue runs them). So debounce,
/// delays and ticks scheduled on `DispatchQueue.main` run where they ran, whatever the wall
/// clock says.
package enum VirtualMainClock {
    private struct Timer {
        let deadline: UInt64
        let order: UInt64
        let block: @Sendable () -> Void
    }

    private struct State {
        var now: UInt64 = 0
        var nextOrder: UInt64 = 0
        var timers: [Timer] = []
    }

    private static let running = Atomic<Bool>(false)
    private static let state = PthreadLocked(State())
    /// The recorded readings: each read of `now` takes the next one, while there are some.
    nonisolated(unsafe) package static var readings: (@Sendable () -> UInt64?)?
    /// The recorded readings of the wall clock (`MainQueue.wallTime`), likewise.
    nonisolated(unsafe) package static var wallReadings: (@Sendable () -> Double?)?

    /// Whether the main actor's timers follow this clock.
    @inline(__always)
    package static var isRunning: Bool { running.load(ordering: .relaxed) }

    /// Starts the clock at `start` (uptime nanoseconds).
    package static func start(at start: UInt64) {
        state.withLock { $0 = State(now: start) }
        running.store(true, ordering: .relaxed)
    }

    /// Stops it; timers not due yet are dropped.
    package static func stop() {
        running.store(false, ordering: .relaxed)
        state.withLock { $0 = State() }
    }

    package static var now: UInt64 { state.withLock { $0.now } }

    /// A read of the clock: the next recorded reading, else the clock's time.
    static func read() -> UInt64 {
        if let reading = readings?() { return reading }
        return now
    }

    /// Runs `block` on the main actor's queue once the clock reaches `deadline`.
    /// Returns the timer's token, for `cancel(_:)`.
    @discardableResult
    static func schedule(at deadline: UInt64, _ block: @escaping @Sendable () -> Void) -> UInt64 {
        state.withLock { state in
            state.timers.append(Timer(deadline: deadline, order: state.nextOrder, block: block))
            state.nextOrder += 1
            return state.nextOrder - 1
        }
    }

    /// Forgets the timer `token` (a cancelled repeating timer, as a cancelled dispatch source
    /// fires no more).
    static func cancel(_ token: UInt64) {
        state.withLock { state in state.timers.removeAll { $0.order == token } }
    }

    /// Moves the clock forward to `time` (never back).
    package static func advance(to time: UInt64) {
        state.withLock { $0.now = max($0.now, time) }
    }

    /// Hands the timer with the earliest deadline to the main actor's queue; false when none
    /// is set.
    package static func fireEarliest() -> Bool {
        let earliest: Timer? = state.withLock { state in
            guard
                let index = state.timers.indices.min(by: {
                    (state.timers[$0].deadline, state.timers[$0].order) < (state.timers[$1].deadline, state.timers[$1].order)
                })
            else { return nil }
            return state.timers.remove(at: index)
        }
        guard let earliest else { return false }
        MainQueue.enqueue(earliest.block)
        return true
    }

    /// The deadline of the earliest timer, if any.
    package static var nextDeadline: UInt64? { state.withLock { $0.timers.map(\.deadline).min() } }
}
