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
    /// SubscribeOn's subscription, with Combine's protocol: values and the completion pass
    /// straight through while the upstream is live; requests and the cancel reach the upstream
    /// through the scheduler's `schedule(options:)`, and scheduled work holds the subscription
    /// (and its downstream) until it runs. A request made while the upstream handles another
    /// on the same thread traps with a message, where Combine's deadlocks.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflectable, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private enum State {
            case awaitingSubscription
            case subscribed(any Subscription)
            case terminal
        }

        private let downstream: Downstream
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        private let lock = Lock()
        // Guarded by `lock`:
        private var state = State.awaitingSubscription
        /// The thread calling the upstream's request or cancel, if any.
        private var callingUpstream: UInt = 0

        init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.downstream = downstream
            self.scheduler = scheduler
            self.options = options
        }

        var description: String { "SubscribeOn" }

        func receive(subscription: any Subscription) {
            lock.lock()
            guard case .awaitingSubscription = state else {
                lock.unlock()
                return subscription.cancel()
            }
            state = .subscribed(subscription)
            lock.unlock()
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = state else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed = state else { return lock.unlock() }
            state = .terminal
            lock.unlock()
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard case .subscribed(let upstream) = state else { return lock.unlock() }
            lock.unlock()
            scheduler.schedule(options: options) { self.callUpstream { upstream.request(demand) } }
        }

        func cancel() {
            lock.lock()
            guard case .subscribed(let upstream) = state else { return lock.unlock() }
            state = .terminal
            lock.unlock()
            scheduler.schedule(options: options) { self.callUpstream { upstream.cancel() } }
        }

        /// Runs on the scheduler: one call into the upstream at a time.
        private func callUpstream(_ call: () -> Void) {
            let me = currentThreadID()
            lock.lock()
            if callingUpstream == me {
                lock.unlock()
                preconditionFailure("subscribe(on:): a request reached the upstream while it was handling another on the same thread")
            }
            callingUpstream = me
            lock.unlock()
            call()
            lock.withLock { callingUpstream = 0 }
        }
    }
}
