extension Publishers {
    /// A publisher that delivers the subscription, values and completion of its upstream on a
    /// given scheduler.
    ///
    /// Each event is handed to `scheduler.schedule(options:_:)`. Requests and cancellation go
    /// straight to the upstream from whichever thread makes them. After a cancel, events still
    /// waiting on the scheduler are not delivered.
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
    /// Schedules each event with a weak reference to itself: a cancelled, released operator
    /// leaves nothing behind but inert closures on the scheduler. While the stream is live, the
    /// upstream and the downstream keep it alive.
    private final class Inner<Downstream: Subscriber>: SchedulingSubscription<Downstream>, Subscriber, Subscription,
        CombineReflectable, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let scheduler: Context
        private let options: Context.SchedulerOptions?

        init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.scheduler = scheduler
            self.options = options
            super.init(downstream: downstream)
        }

        var description: String { "ReceiveOn" }

        func receive(subscription: any Subscription) {
            guard attach(subscription) != nil else { return }
            scheduler.schedule(options: options) { [weak self] in self?.deliverSubscription() }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            if isSubscribed {
                scheduler.schedule(options: options) { [weak self] in self?.deliver(input) }
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            if beginFinishing() {
                scheduler.schedule(options: options) { [weak self] in self?.finish(completion) }
            }
        }

        func request(_ demand: Subscribers.Demand) {
            upstream?.request(demand)
        }

        func cancel() {
            lock.lock()
            let (upstream, released) = terminateLocked()
            lock.unlock()
            upstream?.cancel()
            withExtendedLifetime(released) {}  // so the downstream is released outside the lock
        }

        private func deliverSubscription() {
            // Also after an early completion: the subscriber gets its subscription first.
            liveDownstream?.receive(subscription: self)
        }
    }
}
