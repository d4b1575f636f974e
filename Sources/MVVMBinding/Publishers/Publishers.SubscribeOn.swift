extension Publishers {
    /// A publisher that subscribes to its upstream, and sends it requests and cancellation, on a
    /// given scheduler.
    ///
    /// Values and completion are not moved: they arrive on whatever thread the upstream sends
    /// them from. Combine `receive(on:)` with it to choose the delivery thread too.
    public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher subscribed to on the scheduler.
        public let upstream: Upstream

        /// The scheduler that performs the subscription, requests and cancellation.
        public let scheduler: Context

        /// Options for the scheduler.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that subscribes to `upstream` on `scheduler`.
        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, scheduler: scheduler, options: options)
            let upstream = self.upstream
            scheduler.schedule(options: options) { upstream.subscribe(inner) }
        }
    }
}

extension Publisher {
    /// Subscribes to this publisher, and makes its requests and cancellation, on `scheduler`.
    ///
    /// Use it when subscribing starts expensive or thread-bound work. Values and completion are
    /// delivered on the thread the upstream sends them from.
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler that performs the subscription, requests and cancellation.
    ///   - options: Options for the scheduler.
    public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.SubscribeOn<Self, S> {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers.SubscribeOn {
    /// Passes values and completion through, and hops requests and cancellation to the
    /// scheduler.
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

        var description: String { "SubscribeOn" }

        func receive(subscription: any Subscription) {
            attach(subscription)?.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard let downstream = liveDownstream else { return .none }
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            // Nothing is scheduled, so the stream ends at once: there is no `finishing` phase.
            let target: Downstream? = lock.withLock {
                guard case .subscribed = state else { return nil }
                state = .terminal
                defer { downstream = nil }
                return downstream
            }
            target?.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            guard let upstream else { return }
            scheduler.schedule(options: options) { upstream.request(demand) }
        }

        func cancel() {
            lock.lock()
            let (upstream, released) = terminateLocked()
            lock.unlock()
            withExtendedLifetime(released) {}  // so the downstream is released outside the lock
            guard let upstream else { return }
            scheduler.schedule(options: options) { upstream.cancel() }
        }
    }
}
