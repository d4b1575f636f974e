import Dispatch
import Foundation
import Synchronization

/// Operation queues run each action as an operation, and every `schedule` call adds exactly
/// one operation to the queue at once, as Combine's does: an action due later is a
/// `ScheduledOperation` that stays unready (without occupying a slot of the queue) until a
/// wall-clock dispatch timer opens it; a repeating action adds the next tick's operation each
/// time one falls due.
extension OperationQueue: Scheduler {
    /// The current date.
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// Zero: the queue may run an action exactly on time.
    public var minimumTolerance: SchedulerTimeType.Stride { 0.0 }

    /// Adds `action` to the queue as one block operation.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = UncheckedSendableAction(action)
        // `addOperation(_:)` with a block would add a second operation on Linux (the closure
        // form wraps the block and adds the wrapper through `addOperation(Operation)`).
        addOperation(BlockOperation { work.run() })
    }

    /// Adds an operation for `action` now, which the queue runs once `date` has come.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let operation = ScheduledOperation(UncheckedSendableAction(action))
        addOperation(operation)
        // Wall-clock time, because the scheduler's time is a `Date`.
        DispatchQueue.global().asyncAfter(wallDeadline: Self.wallTime(of: date.date)) { operation.open() }
    }

    /// Runs `action` on the queue at `date` and every `interval` after it, until the returned
    /// cancellable cancels the timer (also when it is deinitialised). The operation of the next
    /// tick is added when the current one falls due.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let work = UncheckedSendableAction(action)
        let upcoming = Mutex<ScheduledOperation?>(ScheduledOperation(work))
        upcoming.withLock { addOperation($0!) }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [self] in
            let next = ScheduledOperation(work)
            guard
                let due = upcoming.withLock({ current -> ScheduledOperation? in
                    defer { if current != nil { current = next } }
                    return current
                })
            else { return }
            addOperation(next)
            due.open()
        }
        timer.schedule(
            wallDeadline: Self.wallTime(of: date.date),
            repeating: interval.timeInterval,
            leeway: Self.leeway(tolerance.timeInterval))
        timer.resume()
        return AnyCancellable {
            timer.cancel()
            upcoming.withLock { current in
                current?.cancel()
                current = nil
            }
        }
    }

    private static func leeway(_ tolerance: TimeInterval) -> DispatchTimeInterval {
        // Clamped, because `Int(_:)` traps outside its range.
        let nanoseconds = (tolerance * 1_000_000_000).rounded()
        guard nanoseconds > 0 else { return .nanoseconds(0) }
        return nanoseconds < Double(Int.max) ? .nanoseconds(Int(nanoseconds)) : .never
    }

    private static func wallTime(of date: Date) -> DispatchWallTime {
        DispatchWallTime.now() + date.timeIntervalSinceNow
    }
}
