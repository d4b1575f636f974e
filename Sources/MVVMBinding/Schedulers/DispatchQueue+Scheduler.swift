import Dispatch

/// Dispatch queues schedule actions with `async`, `asyncAfter` and, for repeating work, a
/// dispatch timer source.
extension DispatchQueue: Scheduler {
    /// The current time on the uptime clock.
    public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

    /// Zero: dispatch applies no minimum leeway of its own.
    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(.nanoseconds(0)) }

    /// Runs `action` asynchronously on this queue.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let options = options ?? SchedulerOptions()
        let work = UncheckedSendableAction(action)
        async(group: options.group, qos: options.qos, flags: options.flags) { work.run() }
    }

    /// Runs `action` on this queue at `date`. Dispatch has no per-call leeway for
    /// `asyncAfter`, so `tolerance` is not used.
    public func schedule(
        after date: SchedulerTimeType,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let options = options ?? SchedulerOptions()
        let work = UncheckedSendableAction(action)
        // `asyncAfter` takes no group, so membership is kept by hand from now until the
        // action has run, matching `async(group:)`.
        let group = options.group
        group?.enter()
        asyncAfter(deadline: date.dispatchTime, qos: options.qos, flags: options.flags) {
            work.run()
            group?.leave()
        }
    }

    /// Runs `action` on this queue at `date` and every `interval` after it, from a dispatch
    /// timer source that the returned cancellable cancels (also when it is deinitialised).
    public func schedule(
        after date: SchedulerTimeType,
        interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> any Cancellable {
        let options = options ?? SchedulerOptions()
        let work = UncheckedSendableAction(action)
        let timer = DispatchSource.makeTimerSource(queue: self)
        timer.setEventHandler(qos: options.qos, flags: options.flags) { work.run() }
        let leeway = DispatchTimeInterval.nanoseconds(Swift.max(tolerance.magnitude, 0))
        timer.schedule(deadline: date.dispatchTime, repeating: interval.timeInterval, leeway: leeway)
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}
