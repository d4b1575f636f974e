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
    /// Schedules one cancellable delivery per event and keeps them until they run, so that a
    /// cancel drops every value still in flight at once.
    private final class Inner<Downstream: Subscriber>: SchedulingSubscription<Downstream>, Subscriber, Subscription,
        CombineReflectable, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let interval: Context.SchedulerTimeType.Stride
        private let tolerance: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?

        // Guarded by `lock`:
        private var inFlight: [UInt64: CancellableScheduledAction] = [:]
        private var nextDeliveryID: UInt64 = 0

        init(
            downstream: Downstream, interval: Context.SchedulerTimeType.Stride,
            tolerance: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?
        ) {
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
            super.init(downstream: downstream)
        }

        var description: String { "Delay" }

        func receive(subscription: any Subscription) {
            attach(subscription)?.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            if isSubscribed { schedule { inner in inner.deliver(input) } }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            if beginFinishing() { schedule { inner in inner.finish(completion) } }
        }

        func request(_ demand: Subscribers.Demand) {
            upstream?.request(demand)
        }

        func cancel() {
            lock.lock()
            let (upstream, released) = terminateLocked()
            let pending = inFlight.values
            inFlight = [:]
            lock.unlock()
            for delivery in pending { delivery.cancel() }
            upstream?.cancel()
            withExtendedLifetime(released) {}  // so the downstream is released outside the lock
        }

        /// Schedules `event` for `interval` from now, as a delivery a cancel can call off.
        private func schedule(_ event: @escaping (Inner) -> Void) {
            let due = scheduler.now.advanced(by: interval)
            let id: UInt64 = lock.withLock {
                nextDeliveryID += 1
                return nextDeliveryID
            }
            let delivery = CancellableScheduledAction {
                guard self.lock.withLock({ self.inFlight.removeValue(forKey: id) }) != nil else { return }
                event(self)
            }
            let isLive: Bool = lock.withLock {
                if case .terminal = state { return false }
                inFlight[id] = delivery
                return true
            }
            guard isLive else { return }
            scheduler.schedule(after: due, tolerance: tolerance, options: options) {
                delivery.run()
            }
        }
    }
}
