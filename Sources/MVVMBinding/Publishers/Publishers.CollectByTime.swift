extension Publishers {
    /// A publisher that gathers upstream values into arrays by time (and, optionally, count)
    /// and emits each array on a scheduler.
    ///
    /// A repeating timer, started at the subscription, emits the values gathered during each
    /// interval; an interval without values emits nothing. `byTimeOrCount` also emits a group
    /// as soon as it holds `count` values (the timer keeps its rhythm). Everything is requested
    /// from the upstream; groups wait, in order, for the downstream's demand. When the upstream
    /// finishes, the last partial group is emitted and then `finished`; a failure discards the
    /// partial group. Groups and completion are delivered on the scheduler.
    public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are gathered.
        public let upstream: Upstream

        /// How values are grouped.
        public let strategy: Publishers.TimeGroupingStrategy<Context>

        /// Options for the scheduler.
        public let options: Context.SchedulerOptions?

        /// Creates a publisher that groups the values of `upstream` by `strategy`.
        public init(upstream: Upstream, strategy: Publishers.TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.strategy = strategy
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, collect: self))
        }
    }
}

extension Publisher {
    /// Gathers values into arrays by time (`.byTime`) or by time and count (`.byTimeOrCount`),
    /// emitted on the strategy's scheduler.
    public func collect<S: Scheduler>(
        _ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions? = nil
    ) -> Publishers.CollectByTime<Self, S> {
        Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
    }
}

extension Publishers.CollectByTime {
    private final class Inner<Downstream: Subscriber>: SchedulingSubscription<Downstream>, Subscriber, Subscription,
        CombineReflectable, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let scheduler: Context
        private let interval: Context.SchedulerTimeType.Stride
        private let maximumCount: Int?
        private let options: Context.SchedulerOptions?
        // Guarded by `lock`:
        private var gathering: [Input] = []
        private var ready = ValueQueue<[Input]>()
        private var demand = Subscribers.Demand.none
        private var timer: (any Cancellable)?
        private var pendingCompletion: Subscribers.Completion<Failure>?  // a finish waiting for demand

        init(downstream: Downstream, collect: Publishers.CollectByTime<Upstream, Context>) {
            switch collect.strategy {
            case .byTime(let scheduler, let interval):
                (self.scheduler, self.interval, maximumCount) = (scheduler, interval, nil)
            case .byTimeOrCount(let scheduler, let interval, let count):
                precondition(count > 0, "a group must hold at least one value")
                (self.scheduler, self.interval, maximumCount) = (scheduler, interval, count)
            }
            options = collect.options
            super.init(downstream: downstream)
        }

        var description: String { "CollectByTime" }

        var reflectedParts: [(label: String, value: Any)] { downstreamAndUpstreamParts }

        func receive(subscription: any Subscription) {
            guard let downstream = attach(subscription) else { return }
            let timer = scheduler.schedule(
                after: scheduler.now.advanced(by: interval), interval: interval, tolerance: scheduler.minimumTolerance,
                options: options
            ) { [weak self] in self?.closeGroup() }
            lock.withLock { self.timer = timer }
            downstream.receive(subscription: self)
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let isFull: Bool = lock.withLock {
                guard case .subscribed = state else { return false }
                gathering.append(input)
                return gathering.count == maximumCount
            }
            if isFull { scheduler.schedule(options: options) { self.closeGroup() } }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard beginFinishing() else { return }
            let timer: (any Cancellable)? = lock.withLock {
                if case .failure = completion {
                    gathering.removeAll()
                    ready.removeAll()
                }
                return self.timer.take()
            }
            timer?.cancel()
            scheduler.schedule(options: options) {
                self.closeGroup()
                self.finishWhenDrained(completion)
            }
        }

        func request(_ newDemand: Subscribers.Demand) {
            precondition(newDemand > 0, "API Violation: demand must not be zero")
            lock.withLock { demand += newDemand }
            scheduler.schedule(options: options) { self.deliverReady() }
        }

        func cancel() {
            lock.lock()
            let (upstream, released) = terminateLocked()
            let pending = timer.take()
            gathering.removeAll()
            ready.removeAll()
            lock.unlock()
            pending?.cancel()
            upstream?.cancel()
            withExtendedLifetime(released) {}  // so the downstream is released outside the lock
        }

        /// Moves the group gathered so far, if any, to the ready queue and delivers what the
        /// downstream has asked for. Runs on the scheduler.
        private func closeGroup() {
            lock.withLock {
                guard !gathering.isEmpty else { return }
                ready.append(gathering)
                gathering = []
            }
            deliverReady()
        }

        private func deliverReady() {
            while let (group, target) = takeDeliverable() {
                let more = target.receive(group)
                if more > 0 { lock.withLock { demand += more } }
            }
            let completion: Subscribers.Completion<Failure>? = lock.withLock {
                guard case .finishing = state, ready.isEmpty else { return nil }
                return pendingCompletion.take()
            }
            if let completion { finish(completion) }
        }

        private func takeDeliverable() -> ([Input], Downstream)? {
            lock.withLock {
                guard demand > 0, let target = downstreamWhileLiveLocked, let group = ready.popFirst() else { return nil }
                demand -= 1
                return (group, target)
            }
        }

        private func finishWhenDrained(_ completion: Subscribers.Completion<Failure>) {
            let drained: Bool = lock.withLock {
                if case .failure = completion { return true }
                guard ready.isEmpty else {
                    pendingCompletion = completion
                    return false
                }
                return true
            }
            if drained { finish(completion) }
        }

        private var downstreamWhileLiveLocked: Downstream? {
            switch state {
            case .subscribed, .finishing: return downstream
            case .awaitingSubscription, .terminal: return nil
            }
        }
    }
}
