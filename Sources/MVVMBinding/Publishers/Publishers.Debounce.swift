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
    /// Requests everything from the upstream and keeps only the latest value, publishing it
    /// when the last timer started fires.
    ///
    /// Performance: a value costs one timer closure, which captures only this object; a timer
    /// outrun by a newer value is not cancelled (`Scheduler` cannot cancel one-shot work) but
    /// finds more timers outstanding and does nothing. Timers fall due in the order they were
    /// started (the same `dueTime` after a clock that does not go back), so the last to fire
    /// belongs to the latest value; a scheduler that ran them out of order would only
    /// publish later, never lose a value. A cancel releases the value and the downstream at
    /// once; the timers keep only this emptied object until they run.
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
        private var outstandingTimers = 0  // started by values and not yet fired
        private var latest: Input?  // the latest value, until published or outrun by the completion

        init(
            downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
            super.init(downstream: downstream)
        }

        var description: String { "Debounce" }

        var reflectedParts: [(label: String, value: Any)] {
            lock.withLock { [("downstream", downstream as Any), ("downstreamDemand", demand), ("currentValue", latest as Any)] }
        }

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
            latest = input
            outstandingTimers += 1
            lock.unlock()
            scheduler.schedule(after: due, tolerance: scheduler.minimumTolerance, options: options) {
                self.timerFired()
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed = state else { return lock.unlock() }
            state = .finishing  // the timers still outstanding find it and do nothing
            latest = nil
            lock.unlock()
            scheduler.schedule(options: options) { self.publish(completion) }
        }

        func request(_ newDemand: Subscribers.Demand) {
            precondition(newDemand > 0, "demand must be greater than zero")
            lock.withLock { demand += newDemand }
        }

        func cancel() {
            lock.lock()
            let (upstream, released) = terminateLocked()
            let value = latest
            latest = nil
            lock.unlock()
            upstream?.cancel()
            withExtendedLifetime((released, value)) {}  // so they are released outside the lock
        }

        private func timerFired() {
            lock.lock()
            outstandingTimers -= 1
            guard outstandingTimers == 0, case .subscribed = state, let value = latest, let downstream else {
                return lock.unlock()
            }
            latest = nil
            guard demand > 0 else { return lock.unlock() }  // no demand: the value is dropped
            demand -= 1
            lock.unlock()
            let more = downstream.receive(value)
            if more > 0 { lock.withLock { demand += more } }
        }

        private func publish(_ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let target = takeDownstreamForCompletionLocked()
            lock.unlock()
            target?.receive(completion: completion)
        }
    }
}
