import Dispatch
import Foundation

/// Operation queues run each action as a block operation. Delayed and repeating actions wait on
/// a wall-clock dispatch timer and are added to the queue when it fires, so they never occupy
/// a slot of the queue while waiting.
extension OperationQueue: Scheduler {
    /// The current date.
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// Zero: the queue may run an action exactly on time.
    public var minimumTolerance: SchedulerTimeType.Stride { 0.0 }

    /// Adds `action` to the queue as a block operation.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let work = UncheckedSendableAction(action)
        addOperation { work.run() }
    }

    /// Adds `action` to the queue at `date`.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let work = UncheckedSendableAction(action)
        // Wall-clock time, because the scheduler's time is a `Date`.
        DispatchQueue.global().asyncAfter(wallDeadline: Self.wallTime(of: date.date)) { [self] in
            addOperation { work.run() }
        }
    }

    /// Adds `action` to the queue at `date` and every `interval` after it, until the returned
    /// cancellable cancels the timer (also when it is deinitialised).
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let work = UncheckedSendableAction(action)
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [self] in addOperation { work.run() } }
        timer.schedule(
            wallDeadline: Self.wallTime(of: date.date),
            repeating: interval.timeInterval,
            leeway: Self.leeway(tolerance.timeInterval))
        timer.resume()
        return AnyCancellable { timer.cancel() }
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
