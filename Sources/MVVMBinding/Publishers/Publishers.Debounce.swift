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
    /// Debounce's subscription, with Combine's protocol:
    ///
    /// - The downstream is subscribed first, then the upstream is asked for `.unlimited`.
    /// - Each value becomes the current one and arms a wait with the scheduler's repeating
    ///   `schedule(after: now + dueTime, interval: dueTime, tolerance: minimumTolerance,
    ///   options:)`, disarming the previous one. When the wait of the latest value runs out it
    ///   is disarmed and the value goes down if the downstream has demand (else it is dropped).
    /// - The completion disarms the wait and goes down through `schedule(options: nil)`; a
    ///   cancel disarms it and cancels the upstream. Mirror: downstream, downstreamDemand,
    ///   currentValue.
    ///
    /// Performance: one wait is armed at a time, so its cancellable is kept in one slot, not a
    /// table; each value costs the scheduler's closure (this object and the value's number,
    /// which tells a wait its scheduler failed to disarm from the current one) and cancellable.
    private final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CombineReflectable, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let downstream: Downstream
        private let dueTime: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        private let lock = Lock()
        private let deliveryLock = DeliveryLock()
        // Guarded by `lock`:
        // Awaiting the subscription: both nil and false; subscribed: `upstream` set; terminal:
        // `isTerminal`. (Two fields, not an enum nested in this generic class, whose metadata
        // each access looked up at run time.)
        private var upstream: (any Subscription)?
        private var isTerminal = false
        private var demand = Subscribers.Demand.none
        private var currentValue: Input?
        private var generation: UInt64 = 0
        /// The generation whose wait is armed or being armed; 0 when none is.
        private var waitGeneration: UInt64 = 0
        /// That wait's cancellable, once its arming returned.
        private var wait: (any Cancellable)?

        init(
            downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?
        ) {
            self.downstream = downstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        var description: String { "Debounce" }

        var reflectedParts: [(label: String, value: Any)] {
            lock.withLock { [("downstream", downstream), ("downstreamDemand", demand), ("currentValue", currentValue as Any)] }
        }

        func receive(subscription: any Subscription) {
            lock.lock()
            guard upstream == nil, !isTerminal else {
                lock.unlock()
                return subscription.cancel()
            }
            upstream = subscription
            lock.unlock()
            deliveryLock.lock()
            downstream.receive(subscription: self)
            deliveryLock.unlock()
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard upstream != nil else {
                lock.unlock()
                return .none
            }
            generation += 1
            let current = generation
            currentValue = input
            let previous = wait
            wait = nil
            waitGeneration = current
            lock.unlock()
            let due = scheduler.now.advanced(by: dueTime)
            let armed = scheduler.schedule(after: due, interval: dueTime, tolerance: scheduler.minimumTolerance, options: options) {
                self.due(generation: current)
            }
            lock.lock()
            // The wait may have run out already (a scheduler that runs it at once) or been
            // outrun by a newer value meanwhile: then it is disarmed at once.
            let isLive = waitGeneration == current
            if isLive { wait = armed }
            lock.unlock()
            if !isLive { armed.cancel() }
            previous?.cancel()
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard upstream != nil else { return lock.unlock() }
            upstream = nil
            isTerminal = true
            let pending = wait
            wait = nil
            waitGeneration = 0
            lock.unlock()
            pending?.cancel()
            scheduler.schedule(options: nil) {
                self.deliveryLock.lock()
                self.downstream.receive(completion: completion)
                self.deliveryLock.unlock()
            }
        }

        func request(_ newDemand: Subscribers.Demand) {
            lock.lock()
            guard upstream != nil else { return lock.unlock() }
            demand += newDemand
            lock.unlock()
        }

        func cancel() {
            lock.lock()
            guard let upstream else { return lock.unlock() }
            self.upstream = nil
            isTerminal = true
            let pending = wait
            wait = nil
            waitGeneration = 0
            lock.unlock()
            pending?.cancel()
            upstream.cancel()
        }

        /// Runs on the scheduler when the wait armed for value number `generation` runs out.
        /// A wait outrun by a newer value does nothing, even when its scheduler did not disarm
        /// it or ran it while it was being disarmed.
        private func due(generation: UInt64) {
            lock.lock()
            guard upstream != nil, waitGeneration == generation, let value = currentValue else {
                lock.unlock()
                return
            }
            let armed = wait
            wait = nil
            waitGeneration = 0
            let hasDemand = demand > 0
            if hasDemand { demand -= 1 }
            lock.unlock()
            armed?.cancel()
            guard hasDemand else { return }
            deliveryLock.lock()
            let more = downstream.receive(value)
            deliveryLock.unlock()
            if more > 0 { lock.withLock { demand += more } }
        }
    }
}
