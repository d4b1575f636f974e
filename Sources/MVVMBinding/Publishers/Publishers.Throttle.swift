extension Publishers {
    /// A publisher that publishes at most one value per interval: the first or the latest value
    /// received in it.
    ///
    /// The first value is published at once (on the scheduler). A value arriving less than
    /// `interval` after the last publication is held until the interval has passed; values
    /// arriving while one is held replace it when `latest` is true and are dropped otherwise.
    /// A value that arrives while the downstream has no demand (beyond a held value's) is
    /// dropped, as in Combine. Completion is delivered on the scheduler, right after a held
    /// value if there is one.
    ///
    /// As in Combine, the upstream is asked for everything before the downstream receives its
    /// subscription, so values a synchronous upstream sends at once (a sequence) find no demand
    /// and are dropped; only its completion arrives.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are throttled.
        public let upstream: Upstream

        /// The shortest time between two published values.
        public let interval: Context.SchedulerTimeType.Stride

        /// The scheduler that measures time and delivers values and completion.
        public let scheduler: Context

        /// Whether a held value is replaced by newer ones (`true`) or kept (`false`).
        public let latest: Bool

        /// Creates a publisher that throttles `upstream`.
        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, interval: interval, scheduler: scheduler, latest: latest))
        }
    }
}

extension Publisher {
    /// Publishes at most one value per `interval`: either the first or the latest value received
    /// in each interval.
    ///
    /// The first value passes at once; later ones wait until `interval` has passed since the
    /// previous publication. Values and completion arrive on `scheduler`.
    ///
    /// - Parameters:
    ///   - interval: The shortest time between two published values.
    ///   - scheduler: The scheduler that measures time and delivers values and completion.
    ///   - latest: `true` to publish the most recent value of an interval, `false` the first.
    public func throttle<S: Scheduler>(
        for interval: S.SchedulerTimeType.Stride,
        scheduler: S,
        latest: Bool
    ) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}

extension Publishers.Throttle {
    /// Requests everything from the upstream and holds at most one value (and the completion)
    /// for a scheduled publication.
    private final class Inner<Downstream: Subscriber>: SchedulingSubscription<Downstream>, Subscriber, Subscription,
        CombineReflectable, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let interval: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let latest: Bool

        // Guarded by `lock`:
        private var demand = Subscribers.Demand.none
        private var heldValue: Input?
        private var heldCompletion: Subscribers.Completion<Failure>?
        private var lastPublication: Context.SchedulerTimeType?
        private var scheduled: CancellableScheduledAction?  // set while a value or completion is held

        init(downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
            super.init(downstream: downstream, cancelsLateSubscription: true)
            // Combine reads the clock here, on subscription and on every event (the readings
            // only matter to a scheduler that counts them, such as a test's).
            _ = scheduler.now
        }

        var description: String { "Throttle" }

        func receive(subscription: any Subscription) {
            _ = scheduler.now
            guard let downstream = attach(subscription) else { return }
            // Throttle decides which values survive, so it takes all of them, asked before the
            // downstream is subscribed (Combine's order).
            subscription.request(.unlimited)
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = state else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            let now = scheduler.now
            lock.lock()
            // As in Combine, a value is considered only while the downstream has demand left
            // beyond a held value's (then `latest` replaces the held value).
            guard case .subscribed = state, demand > 0 else {
                lock.unlock()
                return .none
            }
            if scheduled != nil {
                if latest { heldValue = input }
                lock.unlock()
                return .none
            }
            demand -= 1
            heldValue = input
            let publication = CancellableScheduledAction { self.publish() }
            scheduled = publication
            let earliest = lastPublication.map { $0.advanced(by: interval) }
            lock.unlock()

            if let earliest, now < earliest {
                scheduler.schedule(after: earliest, tolerance: scheduler.minimumTolerance, options: nil) {
                    publication.run()
                }
            } else {
                scheduler.schedule(options: nil) { publication.run() }
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed = state else { return lock.unlock() }
            lock.unlock()
            _ = scheduler.now
            lock.lock()
            guard case .subscribed = state else { return lock.unlock() }
            state = .finishing
            heldCompletion = completion
            guard scheduled == nil else {
                // Delivered right after the held value, by the publication already scheduled.
                return lock.unlock()
            }
            let publication = CancellableScheduledAction { self.publish() }
            scheduled = publication
            lock.unlock()
            scheduler.schedule(options: nil) { publication.run() }
        }

        /// Adds to the downstream's demand. A request of `.none`, which Combine's throttle
        /// tolerates, changes nothing.
        func request(_ newDemand: Subscribers.Demand) {
            guard newDemand > 0 else { return }
            lock.withLock { demand += newDemand }
        }

        func cancel() {
            lock.lock()
            let (upstream, released) = terminateLocked()
            let pending = scheduled
            scheduled = nil
            heldValue = nil
            heldCompletion = nil
            lock.unlock()
            pending?.cancel()
            upstream?.cancel()
            withExtendedLifetime(released) {}  // so the downstream is released outside the lock
        }

        private func publish() {
            lock.lock()
            guard downstream != nil else { return lock.unlock() }
            let publishesValue = heldValue != nil && heldCompletion == nil
            lock.unlock()
            // The clock is read only when a value goes out and the stream goes on (it starts
            // the next interval), as Combine's: not for a value going out with the completion.
            let now: Context.SchedulerTimeType? = publishesValue ? scheduler.now : nil
            lock.lock()
            guard let downstream else { return lock.unlock() }
            let value = heldValue
            let completion = heldCompletion
            heldValue = nil
            heldCompletion = nil
            scheduled = nil
            if value != nil, let now { lastPublication = now }
            if completion != nil {
                state = .terminal
                self.downstream = nil
            }
            lock.unlock()

            if let value {
                let more = downstream.receive(value)
                if more > 0 { lock.withLock { demand += more } }
            }
            if let completion { downstream.receive(completion: completion) }
        }
    }
}
