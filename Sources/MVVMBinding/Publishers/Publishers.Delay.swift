extension Publishers {
    /// A publisher that delivers every value, and the completion, a fixed time after the
    /// upstream sent it, on the given scheduler.
    ///
    /// Demand passes straight through to the upstream; the demand a subscriber returns from
    /// `receive(_:)` is requested from the upstream when the delayed value is delivered.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are delayed.
        public let upstream: Upstream

        /// How long each event is delayed.
        public let interval: Context.SchedulerTimeType.Stride

        /// How late the scheduler may deliver each event.
        public let tolerance: Context.SchedulerTimeType.Stride

        /// The scheduler that delivers the delayed events.
        public let scheduler: Context

        /// Options for the scheduler.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that delays the events of `upstream` by `interval`.
        public init(
            upstream: Upstream,
            interval: Context.SchedulerTimeType.Stride,
            tolerance: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            options: Context.SchedulerOptions? = nil
        ) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                Inner(
                    downstream: subscriber, interval: interval, tolerance: tolerance, scheduler: scheduler,
                    options: options))
        }
    }
}

extension Publisher {
    /// Delivers every value and the completion `interval` after the upstream sent it, on
    /// `scheduler`.
    ///
    /// - Parameters:
    ///   - interval: How long to delay each event.
    ///   - tolerance: How late the scheduler may deliver; `nil` uses its minimum tolerance.
    ///   - scheduler: The scheduler that delivers the delayed events.
    ///   - options: Options for the scheduler.
    public func delay<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride,
        tolerance: S.SchedulerTimeType.Stride? = nil,
        scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.Delay<Self, S> {
        Publishers.Delay(
            upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance,
            scheduler: scheduler, options: options)
    }
}

extension Publishers.Delay {
    /// Delay's subscription: `ScheduledDeliverySubscription` through the scheduler's
    /// `schedule(after: now + interval, tolerance:, options:)`. Like Combine's, it has no
    /// description or mirror of its own.
    private final class Inner<Downstream: Subscriber>: ScheduledDeliverySubscription<Downstream>, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        init(
            downstream: Downstream, interval: Context.SchedulerTimeType.Stride,
            tolerance: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?
        ) {
            super.init(downstream: downstream) {
                scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options, $0)
            }
        }
    }
}
