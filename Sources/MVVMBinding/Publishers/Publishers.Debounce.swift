extension Publishers {
    /// A publisher that publishes a value only once the upstream has been quiet for a given time.
    ///
    /// Every upstream value restarts the wait; when `dueTime` passes with no newer value, the
    /// latest one is delivered on the scheduler, if the downstream has demand (otherwise it is
    /// dropped). Completion is not delayed: it is delivered on the scheduler at once, and a
    /// value still waiting is discarded.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are debounced.
        public let upstream: Upstream

        /// How long the upstream must be quiet before the latest value is published.
        public let dueTime: Context.SchedulerTimeType.Stride

        /// The scheduler that measures the quiet time and delivers values and completion.
        public let scheduler: Context

        /// Options for the scheduler.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that debounces `upstream`.
        public init(
            upstream: Upstream,
            dueTime: Context.SchedulerTimeType.Stride,
            scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, dueTime: dueTime, scheduler: scheduler, options: options))
        }
    }
}

extension Publisher {
    /// Publishes a value only after `dueTime` has passed without a newer one.
    ///
    /// Use it for bursty input such as typing in a search field: only the value that is
    /// followed by a pause reaches the subscriber. Values and completion arrive on
    /// `scheduler`; completion is not delayed and discards a value still waiting.
    ///
    /// - Parameters:
    ///   - dueTime: How long the upstream must be quiet before the latest value is published.
    ///   - scheduler: The scheduler that measures time and delivers values and completion.
    ///   - options: Options for the scheduler.
    public func debounce<S: Scheduler>(
        for dueTime: S.SchedulerTimeType.Stride,
        scheduler: S,
        options: S.SchedulerOptions? = nil
    ) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
}

extension Publishers.Debounce {
    /// Requests everything from the upstream and keeps only the latest value, with a
    /// generation number so that a timer outrun by a newer value does nothing.
    private final class Inner<Downstream: Subscriber>: SchedulingSubscription<Downstream>, Subscriber, Subscription,
        CombineReflectable, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let dueTime: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?

        // Guarded by `lock`:
        private var demand = Subscribers.Demand.none
        private var generation: UInt64 = 0  // bumped by every value
        private var latest: Input?  // the value of the current generation, until published
        private var scheduled: CancellableScheduledAction?  // the pending publication or completion

        init(downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
             options: Context.SchedulerOptions?) {
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
            super.init(downstream: downstream)
        }

        var description: String { "Debounce" }

        func receive(subscription: any Subscription) {
            guard let downstream = attach(subscription) else { return }
            downstream.receive(subscription: self)
            // Debounce decides which values survive, so it takes all of them (unless the
            // downstream cancelled from `receive(subscription:)`).
            if isSubscribed { subscription.request(.unlimited) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let due = scheduler.now.advanced(by: dueTime)
            lock.lock()
            guard case .subscribed = state else {
                lock.unlock()
                return .none
            }
            generation += 1
            let current = generation
            latest = input
            let publication = CancellableScheduledAction { self.publish(generation: current) }
            let outrun = scheduled
            scheduled = publication
            lock.unlock()
            outrun?.cancel()
            scheduler.schedule(after: due, tolerance: scheduler.minimumTolerance, options: options) {
                publication.run()
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed = state else { return lock.unlock() }
            state = .finishing
            latest = nil
            let finish = CancellableScheduledAction { self.publish(completion) }
            let outrun = scheduled
            scheduled = finish
            lock.unlock()
            outrun?.cancel()
            scheduler.schedule(options: options) { finish.run() }
        }

        func request(_ newDemand: Subscribers.Demand) {
            precondition(newDemand > 0, "demand must be greater than zero")
            lock.withLock { demand += newDemand }
        }

        func cancel() {
            lock.lock()
            let (upstream, released) = terminateLocked()
            let pending = scheduled
            scheduled = nil
            latest = nil
            lock.unlock()
            pending?.cancel()
            upstream?.cancel()
            withExtendedLifetime(released) {}  // so the downstream is released outside the lock
        }

        private func publish(generation due: UInt64) {
            lock.lock()
            guard case .subscribed = state, generation == due, let value = latest, let downstream else {
                return lock.unlock()
            }
            latest = nil
            scheduled = nil
            guard demand > 0 else { return lock.unlock() }  // no demand: the value is dropped
            demand -= 1
            lock.unlock()
            let more = downstream.receive(value)
            if more > 0 { lock.withLock { demand += more } }
        }

        private func publish(_ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let target = takeDownstreamForCompletionLocked()
            if target != nil { scheduled = nil }
            lock.unlock()
            target?.receive(completion: completion)
        }
    }
}
