extension Publishers {
    /// A publisher that delivers the values and completion of its upstream on a given scheduler.
    ///
    /// As in Combine, the subscription reaches the subscriber at once, on the subscribing
    /// thread, and requests and cancellation go straight to the upstream from whichever thread
    /// makes them; each value and the completion is handed to `scheduler.schedule(options:_:)`.
    /// A scheduled event keeps the operator, and so its subscriber, alive until it has run: a
    /// completion scheduled before the subscriber was released is still delivered. After a
    /// cancel, values still waiting on the scheduler are dropped; a completion that arrived
    /// before the cancel is still delivered, as Combine's.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are moved to the scheduler.
        public let upstream: Upstream

        /// The scheduler that delivers the events.
        public let scheduler: Context

        /// Options for the scheduler.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that delivers the events of `upstream` on `scheduler`.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler, options: options))
        }
    }
}

extension Publisher {
    /// Delivers this publisher's events on `scheduler`.
    ///
    /// Use it to move delivery to the thread a subscriber needs, typically
    /// `receive(on: DispatchQueue.main)` before updating UI state. It affects only what happens
    /// downstream of it; use `subscribe(on:)` to move the subscription and requests instead.
    /// With a concurrent scheduler, events may reach the subscriber concurrently; use a serial
    /// one.
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler that delivers the events.
    ///   - options: Options for the scheduler.
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers.ReceiveOn {
    /// ReceiveOn's subscription: `ScheduledDeliverySubscription` through the scheduler's
    /// `schedule(options:)`, named "ReceiveOn" with an empty mirror, as Combine's.
    private final class Inner<Downstream: Subscriber>: ScheduledDeliverySubscription<Downstream>, CombineReflectable,
        @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
            super.init(downstream: downstream) { scheduler.schedule(options: options, $0) }
        }

        var description: String { "ReceiveOn" }
    }
}
