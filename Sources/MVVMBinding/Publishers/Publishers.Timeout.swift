extension Publishers {
    /// A publisher that ends the stream when its upstream goes longer than an interval without
    /// producing a value.
    ///
    /// The clock starts when the upstream subscribes and restarts with every value. When it
    /// runs out, the upstream is cancelled and the stream fails with `customError()`, or
    /// finishes when there is no `customError`. Values and completion are delivered on the
    /// scheduler, in order; a value already scheduled when time runs out is still delivered
    /// before the timeout's completion. Demand passes through to the upstream, every request
    /// as it is made. As in Combine, a cancel while the upstream's own completion is still on
    /// the scheduler cancels the upstream too and drops that completion.
    public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher that must keep producing values.
        public let upstream: Upstream

        /// The longest wait allowed for the next value.
        public let interval: Context.SchedulerTimeType.Stride

        /// The scheduler that measures the wait and delivers events.
        public let scheduler: Context

        /// Options for the scheduler.
        public let options: Context.SchedulerOptions?

        /// Builds the error to fail with on a timeout; `nil` finishes instead.
        public let customError: (() -> Upstream.Failure)?

        /// Creates a publisher that ends `upstream` after `interval` without a value.
        public init(
            upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context,
            options: Context.SchedulerOptions?, customError: (() -> Publishers.Timeout<Upstream, Context>.Failure)?
        ) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.options = options
            self.customError = customError
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, timeout: self))
        }
    }
}

extension Publisher {
    /// Ends the stream if this publisher goes longer than `interval` without a value: it is
    /// cancelled, and the stream fails with `customError()` or, without one, finishes.
    ///
    /// - Parameters:
    ///   - interval: The longest wait allowed for the next value, from the subscription on.
    ///   - scheduler: The scheduler that measures the wait and delivers events.
    ///   - options: Options for the scheduler.
    ///   - customError: Builds the error to fail with; `nil` finishes instead.
    public func timeout<S: Scheduler>(
        _ interval: S.SchedulerTimeType.Stride,
        scheduler: S,
        options: S.SchedulerOptions? = nil,
        customError: (() -> Failure)? = nil
    ) -> Publishers.Timeout<Self, S> {
        Publishers.Timeout(upstream: self, interval: interval, scheduler: scheduler, options: options, customError: customError)
    }
}

extension Publishers.Timeout {
    /// Keeps a generation number so that a timer outrun by a newer value does nothing.
    /// Scheduled events hold the operator, so a completion on its way is delivered even when
    /// nothing else refers to the stream any more.
    private final class Inner<Downstream: Subscriber>: SchedulingSubscription<Downstream>, Subscriber, Subscription,
        CombineReflectable, @unchecked Sendable
    where Downstream.Input == Output, Downstream.Failure == Failure {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let timeout: Publishers.Timeout<Upstream, Context>
        // Guarded by `lock`:
        private var generation: UInt64 = 0  // bumped by every value
        private var timer: CancellableScheduledAction?
        /// The upstream's subscription while its completion is on the scheduler: a cancel
        /// before that completion is delivered still reaches the upstream, as in Combine.
        private var completedUpstream: (any Subscription)?

        init(downstream: Downstream, timeout: Publishers.Timeout<Upstream, Context>) {
            self.timeout = timeout
            super.init(downstream: downstream)
        }

        var description: String { "Timeout" }

        func receive(subscription: any Subscription) {
            guard let downstream = attach(subscription) else { return }
            restartTimer()
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard isSubscribed else { return .none }
            restartTimer()
            timeout.scheduler.schedule(options: timeout.options) { self.deliver(input) }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed(let upstream) = state else { return lock.unlock() }
            state = .finishing
            completedUpstream = upstream
            let pending = timer.take()
            lock.unlock()
            pending?.cancel()
            timeout.scheduler.schedule(options: timeout.options) { self.deliverUpstreamCompletion(completion) }
        }

        /// Runs on the scheduler: hands the upstream's completion down unless the downstream
        /// cancelled first.
        private func deliverUpstreamCompletion(_ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            let target = takeDownstreamForCompletionLocked()
            let upstream = completedUpstream.take()
            lock.unlock()
            withExtendedLifetime(upstream) {}  // released outside the lock
            target?.receive(completion: completion)
        }

        /// Forwards `demand` to the upstream as it is, as Combine's timeout does (a request of
        /// `.none` included: it does not trap here); after the stream ended it goes nowhere.
        func request(_ demand: Subscribers.Demand) {
            upstream?.request(demand)
        }

        func cancel() {
            lock.lock()
            let (live, released) = terminateLocked()
            let upstream = live ?? completedUpstream.take()
            let pending = timer.take()
            lock.unlock()
            pending?.cancel()
            upstream?.cancel()
            withExtendedLifetime(released) {}  // so the downstream is released outside the lock
        }

        private func restartTimer() {
            let due = timeout.scheduler.now.advanced(by: timeout.interval)
            let (outrun, action): (CancellableScheduledAction?, CancellableScheduledAction) = lock.withLock {
                generation += 1
                let current = generation
                let action = CancellableScheduledAction { self.timeOut(generation: current) }
                defer { timer = action }
                return (timer, action)
            }
            outrun?.cancel()
            timeout.scheduler.schedule(after: due, tolerance: timeout.scheduler.minimumTolerance, options: timeout.options) {
                action.run()
            }
        }

        /// Runs on the scheduler when a wait ran out.
        private func timeOut(generation due: UInt64) {
            let upstream: (any Subscription)? = lock.withLock {
                guard generation == due, case .subscribed(let upstream) = state else { return nil }
                state = .finishing
                timer = nil
                return upstream
            }
            guard let upstream else { return }
            upstream.cancel()
            finish(timeout.customError.map { .failure($0()) } ?? .finished)
        }
    }
}
