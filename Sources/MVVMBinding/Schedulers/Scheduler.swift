/// A protocol that defines when and how to execute a closure.
///
/// Mirrors Combine's `Scheduler`. Time-based operators (`debounce`, `throttle`, `delay`) and the
/// thread-hopping operators (`receive(on:)`, `subscribe(on:)`) take a scheduler, so production
/// code can pass `DispatchQueue.main` or `RunLoop.main` while tests pass a `TestScheduler` and
/// move time forward by hand.
///
/// Actions are plain `@escaping () -> Void` closures, as in Combine: the scheduler takes
/// ownership of an action and is the only one that runs it.
public protocol Scheduler<SchedulerTimeType> {
    /// The scheduler's notion of a point in time.
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible

    /// Options that customise how actions are performed; `Never` when there are none.
    associatedtype SchedulerOptions

    /// The scheduler's current time.
    var now: SchedulerTimeType { get }

    /// The smallest tolerance the scheduler allows for scheduled actions.
    var minimumTolerance: SchedulerTimeType.Stride { get }

    /// Performs `action` as soon as possible.
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)

    /// Performs `action` once, no earlier than `date`, within `tolerance` after it.
    func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    )

    /// Performs `action` first at `date` and then every `interval`, until the returned
    /// cancellable is cancelled.
    func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable
}

extension Scheduler {
    /// Performs `action` once, no earlier than `date`, with default options.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        _ action: @escaping () -> Void
    ) {
        schedule(after: date, tolerance: tolerance, options: nil, action)
    }

    /// Performs `action` once, no earlier than `date`, with the minimum tolerance and default
    /// options.
    public func schedule(after date: SchedulerTimeType, _ action: @escaping () -> Void) {
        schedule(after: date, tolerance: minimumTolerance, options: nil, action)
    }

    /// Performs `action` as soon as possible, with default options.
    public func schedule(_ action: @escaping () -> Void) {
        schedule(options: nil, action)
    }

    /// Performs `action` at `date` and then every `interval`, with default options.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        schedule(after: date, interval: interval, tolerance: tolerance, options: nil, action)
    }

    /// Performs `action` at `date` and then every `interval`, with the minimum tolerance and
    /// default options.
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        schedule(after: date, interval: interval, tolerance: minimumTolerance, options: nil, action)
    }
}
