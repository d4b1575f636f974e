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
    /// Timeout's subscription, with Combine's protocol:
    ///
    /// - The wait is armed with the scheduler's repeating `schedule(after: now + interval,
    ///   interval:, tolerance: minimumTolerance, options:)`, whose cancellable is kept: when the
    ///   upstream subscribes, at the downstream's first request, and at each value (which
    ///   disarms the previous wait).
    /// - Values and the upstream's completion reach the downstream through the scheduler's
    ///   `schedule(options:)`; the demand the downstream returns for a value is requested from
    ///   the upstream. Requests are forwarded as they are.
    /// - A wait that runs out cancels the upstream and ends the stream (`finished`, or the
    ///   custom error); a cancel disarms the wait and cancels the upstream.
    /// - Scheduled work holds the subscription (and so the downstream) until it runs.
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
        private let timeout: Publishers.Timeout<Upstream, Context>
        private let lock = Lock()
        private let deliveryLock = DeliveryLock()
        // Guarded by `lock`:
        private var state = State.awaitingSubscription
        private var didTimeOut = false
        private var timer: (any Cancellable)?
        private var requestedOnce = false
        /// The thread arming a wait, if any: a scheduler that runs the wait at once on that
        /// thread (ImmediateScheduler) would time out inside it, which deadlocks Combine's; this
        /// traps with a message instead.
        private var armingThread: UInt = 0

        init(downstream: Downstream, timeout: Publishers.Timeout<Upstream, Context>) {
            self.downstream = downstream
            self.timeout = timeout
        }

        var description: String { "Timeout" }

        func receive(subscription: any Subscription) {
            lock.lock()
            guard case .awaitingSubscription = state else {
                lock.unlock()
                return subscription.cancel()
            }
            state = .subscribed(subscription)
            lock.unlock()
            rearm()
            deliveryLock.lock()
            downstream.receive(subscription: self)
            deliveryLock.unlock()
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard !didTimeOut, case .subscribed = state else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            rearm()
            timeout.scheduler.schedule(options: timeout.options) { self.deliver(input) }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed = state else { return lock.unlock() }
            let pending = timer
            lock.unlock()
            pending?.cancel()
            timeout.scheduler.schedule(options: timeout.options) { self.deliver(completion) }
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard case .subscribed(let upstream) = state else { return lock.unlock() }
            let first = !requestedOnce
            requestedOnce = true
            lock.unlock()
            if first { rearm() }
            upstream.request(demand)
        }

        func cancel() {
            lock.lock()
            guard case .subscribed(let upstream) = state else { return lock.unlock() }
            state = .terminal
            let pending = timer
            lock.unlock()
            pending?.cancel()
            upstream.cancel()
        }

        /// Arms a new wait, disarming the previous one.
        private func rearm() {
            let scheduler = timeout.scheduler
            lock.withLock { armingThread = currentThreadID() }
            let armed = scheduler.schedule(
                after: scheduler.now.advanced(by: timeout.interval), interval: timeout.interval,
                tolerance: scheduler.minimumTolerance, options: timeout.options
            ) { self.timedOut() }
            let previous: (any Cancellable)? = lock.withLock {
                armingThread = 0
                defer { timer = armed }
                return timer
            }
            previous?.cancel()
        }

        /// Runs on the scheduler when a wait ran out.
        private func timedOut() {
            lock.lock()
            if armingThread == currentThreadID() {
                lock.unlock()
                preconditionFailure("timeout(_:scheduler:): the scheduler ran the wait at once (it cannot time out later)")
            }
            guard !didTimeOut, case .subscribed(let upstream) = state else { return lock.unlock() }
            didTimeOut = true
            state = .terminal
            lock.unlock()
            upstream.cancel()
            deliveryLock.lock()
            downstream.receive(completion: timeout.customError.map { .failure($0()) } ?? .finished)
            deliveryLock.unlock()
        }

        /// Runs on the scheduler: hands a value down while the stream is live.
        private func deliver(_ input: Input) {
            lock.lock()
            guard !didTimeOut, case .subscribed(let upstream) = state else { return lock.unlock() }
            lock.unlock()
            deliveryLock.lock()
            let more = downstream.receive(input)
            deliveryLock.unlock()
            if more > 0 { upstream.request(more) }
        }

        /// Runs on the scheduler: hands the upstream's completion down unless the stream ended.
        private func deliver(_ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard case .subscribed = state else { return lock.unlock() }
            state = .terminal
            lock.unlock()
            deliveryLock.lock()
            downstream.receive(completion: completion)
            deliveryLock.unlock()
        }
    }
}
