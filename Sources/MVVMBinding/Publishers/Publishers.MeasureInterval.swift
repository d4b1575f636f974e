extension Publishers {
    /// A publisher that replaces each upstream value with the time that passed since the
    /// previous one (for the first value: since the subscription), read from a scheduler's
    /// clock.
    ///
    /// Values are delivered at once, on the upstream's thread; demand, completion and
    /// cancellation pass straight through.
    public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Context.SchedulerTimeType.Stride
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are timed.
        public let upstream: Upstream

        /// The scheduler whose clock measures the intervals.
        public let scheduler: Context

        /// Creates a publisher that measures the intervals between the values of `upstream`.
        public init(upstream: Upstream, scheduler: Context) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(MeasureIntervalSubscriber<Upstream.Output, Context, S>(downstream: subscriber, scheduler: scheduler))
        }
    }
}

extension Publisher {
    /// Publishes, for each value, the time since the previous value (or since the
    /// subscription), measured on `scheduler`'s clock.
    public func measureInterval<S: Scheduler>(using scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.MeasureInterval<Self, S> {
        Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
    }
}

/// Passes the subscription straight through and remembers when the last event happened.
///
/// `last` needs no lock: the subscription and the values arrive one at a time, in order.
private final class MeasureIntervalSubscriber<Input, Context: Scheduler, Downstream: Subscriber>: Subscriber,
    CombineReflectable, @unchecked Sendable
where Downstream.Input == Context.SchedulerTimeType.Stride {
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let scheduler: Context
    private var last: Context.SchedulerTimeType?

    init(downstream: Downstream, scheduler: Context) {
        self.downstream = downstream
        self.scheduler = scheduler
    }

    var description: String { "MeasureInterval" }

    func receive(subscription: any Subscription) {
        last = scheduler.now
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let now = scheduler.now
        let interval = (last ?? now).distance(to: now)
        last = now
        return downstream.receive(interval)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
