import Foundation

/// Run loops schedule every action as a Foundation `Timer` added to the loop.
///
/// An action runs only while some thread runs this run loop (`RunLoop.current.run(until:)`,
/// or the main thread's loop in an application that runs it). A host that only drains the main
/// dispatch queue never runs `RunLoop.main`; schedule on `DispatchQueue.main` there instead.
/// When the main actor lives on a host thread other than the main thread (`MainQueue`),
/// `RunLoop.main` means the main actor's queue: its actions go the `DispatchQueue.main` way.
extension RunLoop: Scheduler {
    /// The current date.
    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

    /// Zero: a run loop timer may fire exactly on time.
    public var minimumTolerance: SchedulerTimeType.Stride { 0.0 }

    /// Runs `action` on the run loop's next pass, in its common modes.
    ///
    /// A timer due now, rather than `perform(_:)`: on Linux `perform` from another thread does
    /// not wake a sleeping run loop, whereas adding a timer does.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        if isRoutedToHostThread { return DispatchQueue.main.schedule(options: nil, action) }
        addTimer(firing: Date(), interval: nil, tolerance: 0, mode: .common, action)
    }

    /// Runs `action` at `date` in the default mode.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        if isRoutedToHostThread {
            return DispatchQueue.main.schedule(after: Self.dispatchTime(of: date.date), tolerance: .seconds(0), options: nil, action)
        }
        addTimer(firing: date.date, interval: nil, tolerance: tolerance.timeInterval, mode: .default, action)
    }

    /// Runs `action` at `date` and every `interval` after it, in the default mode, until the
    /// returned cancellable invalidates the timer (also when it is deinitialised).
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        if isRoutedToHostThread {
            return DispatchQueue.main.schedule(
                after: Self.dispatchTime(of: date.date), interval: .seconds(interval.timeInterval),
                tolerance: .seconds(Swift.max(tolerance.timeInterval, 0)), options: nil, action)
        }
        let timer = addTimer(
            firing: date.date, interval: interval.timeInterval, tolerance: tolerance.timeInterval, mode: .default,
            action)
        return AnyCancellable(RunLoopTimerInvalidation(timer))
    }

    /// This is the main run loop and the main actor lives on another thread (`MainQueue`).
    var isRoutedToHostThread: Bool { MainQueue.isOnHostThread && self === RunLoop.main }

    private static func dispatchTime(of date: Date) -> DispatchQueue.SchedulerTimeType {
        DispatchQueue.SchedulerTimeType(.now() + Swift.max(date.timeIntervalSinceNow, 0))
    }

    @discardableResult
    private func addTimer(
        firing date: Date,
        interval: TimeInterval?,
        tolerance: TimeInterval,
        mode: RunLoop.Mode,
        _ action: @escaping () -> Void
    ) -> Timer {
        let work = UncheckedSendableAction(action)
        let timer = Timer(fire: date, interval: interval ?? 0, repeats: interval != nil) { _ in work.run() }
        timer.tolerance = Swift.max(tolerance, 0)
        add(timer, forMode: mode)
        return timer
    }
}

/// Invalidates a run loop timer when cancelled.
///
/// The cancel may come from any thread. On Linux `Timer.invalidate()` is
/// `CFRunLoopTimerInvalidate`, which takes the timer's and the run loop's locks, so that is safe.
private struct RunLoopTimerInvalidation: Cancellable {
    let timer: Timer

    init(_ timer: Timer) { self.timer = timer }

    func cancel() { timer.invalidate() }
}
