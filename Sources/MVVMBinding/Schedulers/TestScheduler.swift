import Dispatch

/// A scheduler with a virtual clock that moves only when a test moves it.
///
/// Nothing scheduled runs by itself: `advance(by:)`, `advance(to:)` and `run()` run the due
/// actions on the calling thread, in time order, and in scheduling order for equal times.
/// Work scheduled while advancing runs in the same call if it falls due within the window, so
/// a chain of `receive(on:)` hops or a debounce that reschedules itself settles in one call.
/// Immediate work (`schedule(_:)`) is due at `now`: `advance()` with no argument runs it.
///
///     let scheduler = TestScheduler()
///     let cancellable = subject
///         .debounce(for: .milliseconds(300), scheduler: scheduler)
///         .sink { print($0) }
///     subject.send("a")
///     scheduler.advance(by: .milliseconds(299))  // nothing yet
///     scheduler.advance(by: .milliseconds(1))    // prints "a"
///
/// The scheduler may be used from several threads; its state is guarded by a lock that is
/// never held while an action runs.
public final class TestScheduler: Scheduler, @unchecked Sendable {
    /// A point on the virtual clock, in nanoseconds from an arbitrary origin.
    ///
    /// Its `Stride` is `DispatchQueue.SchedulerTimeType.Stride`, so intervals are written the
    /// same way for both (`.seconds(1)`, `.milliseconds(300)`, `0.5`), and code generic over
    /// the stride type can take either scheduler.
    public struct SchedulerTimeType: Strideable, Hashable, Codable, Sendable, CustomStringConvertible {
        public typealias Stride = DispatchQueue.SchedulerTimeType.Stride

        /// Nanoseconds since the clock's origin.
        public var nanoseconds: Int

        /// The instant `nanoseconds` after the clock's origin.
        public init(nanoseconds: Int) {
            self.nanoseconds = nanoseconds
        }

        public func distance(to other: SchedulerTimeType) -> Stride {
            .nanoseconds(other.nanoseconds - nanoseconds)
        }

        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(nanoseconds: nanoseconds + n.magnitude)
        }

        public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.nanoseconds < rhs.nanoseconds
        }

        public var description: String { "\(nanoseconds)ns" }
    }

    /// The test scheduler takes no options.
    public typealias SchedulerOptions = Never

    private struct Item {
        let id: UInt64  // identifies a repeating action across its reschedulings, for cancel
        let sequence: UInt64  // orders items with equal dates: first scheduled, first run
        let date: SchedulerTimeType
        let interval: SchedulerTimeType.Stride?
        let action: () -> Void
    }

    private let lock = Lock()
    private var clock: SchedulerTimeType  // guarded by `lock`, as are the properties below
    private var items: [Item] = []  // sorted by (date, sequence)
    private var nextSequence: UInt64 = 0

    /// Creates a scheduler whose clock reads `now`.
    public init(now: SchedulerTimeType = SchedulerTimeType(nanoseconds: 0)) {
        clock = now
    }

    /// The virtual clock's current reading.
    public var now: SchedulerTimeType { lock.withLock { clock } }

    /// Zero: virtual time is exact.
    public var minimumTolerance: SchedulerTimeType.Stride { .zero }

    /// How many actions are waiting to run, counting each repeating action once.
    public var pendingActionCount: Int { lock.withLock { items.count } }

    /// Schedules `action` at the current time; it runs on the next `advance`.
    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        lock.withLock { _ = insertLocked(id: nil, date: clock, interval: nil, action) }
    }

    /// Schedules `action` at `date`. A date in the past runs on the next `advance`.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: Never?,
        _ action: @escaping () -> Void
    ) {
        lock.withLock { _ = insertLocked(id: nil, date: date, interval: nil, action) }
    }

    /// Schedules `action` at `date` and every `interval` after it, until the returned
    /// cancellable is cancelled or deinitialised. `interval` must be positive: a repeating
    /// action that is never further in the future would make `advance` loop forever.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: Never?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        precondition(interval > .zero, "TestScheduler: a repeating action needs a positive interval")
        let id = lock.withLock { insertLocked(id: nil, date: date, interval: interval, action) }
        return RepeatingAction(scheduler: self, id: id)
    }

    /// The cancellable of a repeating action: one object (an `AnyCancellable` over a closure
    /// would be two), which removes the action when cancelled or deinitialised.
    ///
    /// It holds its scheduler strongly, as a dispatch timer holds its queue: a weak reference
    /// cost a side table update per action and an atomic load per cancel, measured as a third
    /// of debounce's time per value. The cycle it may close (scheduler, action, an owner of
    /// this cancellable) is broken when the action is removed.
    private final class RepeatingAction: Cancellable, @unchecked Sendable {
        private let scheduler: TestScheduler
        private let id: UInt64
        /// Set under the scheduler's lock once the action is removed; read without it in
        /// deinit, when no other reference is left to write it.
        var isRemoved = false

        init(scheduler: TestScheduler, id: UInt64) {
            self.scheduler = scheduler
            self.id = id
        }

        deinit {
            if !isRemoved { scheduler.removeAction(id: id, cancellable: nil) }
        }

        func cancel() { scheduler.removeAction(id: id, cancellable: self) }
    }

    /// Moves the clock forward by `stride`, running every action due up to the new time.
    public func advance(by stride: SchedulerTimeType.Stride = .zero) {
        advance(to: now.advanced(by: stride))
    }

    /// Moves the clock to `instant`, running, in order, every action due up to it, including
    /// actions they schedule within the window. The clock reads each action's due time while
    /// it runs, and `instant` at the end; it never moves backwards.
    public func advance(to instant: SchedulerTimeType) {
        while let action = takeNextAction(dueBy: instant) {
            action()
        }
    }

    /// Runs scheduled actions, moving the clock to each one's due time, until none is left.
    ///
    /// A repeating action that is still scheduled never lets the queue empty; cancel it first
    /// or use `advance`. As a guard against hanging a test, `run()` traps after a million
    /// actions.
    public func run() {
        var remaining = 1_000_000
        while let action = takeNextAction(dueBy: nil) {
            precondition(remaining > 0, "TestScheduler.run(): a repeating action is still scheduled")
            remaining -= 1
            action()
        }
    }

    /// Removes and returns the earliest action due by `limit` (any, when `limit` is nil),
    /// moving the clock to its date and rescheduling it if it repeats. With nothing due, moves
    /// the clock to `limit` and returns nil.
    private func takeNextAction(dueBy limit: SchedulerTimeType?) -> (() -> Void)? {
        lock.withLock {
            guard let first = items.first, limit.map({ first.date <= $0 }) ?? true else {
                if let limit, clock < limit { clock = limit }
                return nil
            }
            items.removeFirst()
            if clock < first.date { clock = first.date }
            if let interval = first.interval {
                // Rescheduled before it runs, so the action can cancel itself.
                _ = insertLocked(id: first.id, date: first.date.advanced(by: interval), interval: interval, first.action)
            }
            return first.action
        }
    }

    private func insertLocked(
        id: UInt64?,
        date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride?,
        _ action: @escaping () -> Void
    ) -> UInt64 {
        nextSequence += 1
        let item = Item(id: id ?? nextSequence, sequence: nextSequence, date: date, interval: interval, action: action)
        // After every item with an earlier or equal date: the new item has the highest
        // sequence, so this keeps (date, sequence) order.
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if items[middle].date <= date { low = middle + 1 } else { high = middle }
        }
        items.insert(item, at: low)
        return item.id
    }

    private func removeAction(id: UInt64, cancellable: RepeatingAction?) {
        // Returned out of the lock and dropped there: releasing the closure may run deinit code.
        _ = lock.withLock { () -> Item? in
            if let cancellable {
                guard !cancellable.isRemoved else { return nil }
                cancellable.isRemoved = true
            }
            guard let index = items.firstIndex(where: { $0.id == id }) else { return nil }
            return items.remove(at: index)
        }
    }
}
