import Dispatch

/// Dispatch queues schedule actions with `async`, `asyncAfter` and, for repeating work, a
/// dispatch timer source. `DispatchQueue.main` means the main actor's queue (`MainQueue`): on
/// a host thread other than the process's main thread its actions run there.
extension DispatchQueue: Scheduler {
    /// The current time on the uptime clock (the main queue's: `MainQueue.now`).
    public var now: SchedulerTimeType { SchedulerTimeType(isRoutedToHostThread ? MainQueue.now : .now()) }

    /// Zero: dispatch applies no minimum leeway of its own.
    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(.nanoseconds(0)) }

    /// Runs `action` asynchronously on this queue.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let options = options ?? SchedulerOptions()
        let work = UncheckedSendableAction(action)
        if isRoutedToHostThread { return MainQueue.async(work.inGroup(options.group)) }
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
        if isRoutedToHostThread {
            return MainQueue.asyncAfter(deadline: date.dispatchTime) {
                work.run()
                group?.leave()
            }
        }
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
        if VirtualMainClock.isRunning && isRoutedToHostThread {
            let timer = VirtualRepeatingTimer(start: date.dispatchTime, interval: interval.magnitude, work)
            return AnyCancellable { timer.cancel() }
        }
        let timer: any DispatchSourceTimer
        if isRoutedToHostThread {
            // Ticks on the pool, each handed to the host thread's queue.
            timer = DispatchSource.makeTimerSource(queue: .global())
            let tick = MainClockTap.tapped { work.run() }
            timer.setEventHandler(qos: options.qos, flags: options.flags) { MainQueue.async(tick) }
        } else {
            timer = DispatchSource.makeTimerSource(queue: self)
            timer.setEventHandler(qos: options.qos, flags: options.flags) { work.run() }
        }
        let leeway = DispatchTimeInterval.nanoseconds(Swift.max(tolerance.magnitude, 0))
        timer.schedule(deadline: date.dispatchTime, repeating: interval.timeInterval, leeway: leeway)
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }

    /// This is the main queue and the main actor lives on another thread (`MainQueue`). The
    /// flag first: the default mode pays one load. By label: on Linux every
    /// `DispatchQueue.main` is a fresh wrapper of the one queue, so identity says nothing.
    @inline(__always)
    private var isRoutedToHostThread: Bool { MainQueue.isRouted && label == Self.mainQueueLabel }

    private static let mainQueueLabel = DispatchQueue.main.label
}

extension UncheckedSendableAction {
    /// The action as a block that stays a member of `group` until it has run, as
    /// `async(group:)` keeps it.
    fileprivate func inGroup(_ group: DispatchGroup?) -> @Sendable () -> Void {
        guard let group else { return { self.run() } }
        group.enter()
        return {
            self.run()
            group.leave()
        }
    }
}
