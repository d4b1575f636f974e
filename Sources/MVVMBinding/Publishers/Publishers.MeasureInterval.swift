extension Publishers {
    /// A publisher that replaces each upstream value with the time that passed since the
    /// previous one (for the first value: since the subscription), read from a scheduler's
    /// clock.
    ///
    /// Values are delivered at once, on the upstream's thread; nothing is scheduled. As in
    /// Combine, the downstream's requests go to the upstream, and so does the demand it returns
    /// from `receive(_:)` (requested from the upstream; the operator itself returns `.none`);
    /// completion and cancellation pass through, and nothing is forwarded after either.
    public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Context.SchedulerTimeType.Stride
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are timed.
        public let upstream: Upstream

        /// The scheduler whose clock measures the intervals.
        public let scheduler: Context

        /// Creates a publisher that measures the intervals between the values of `upstream`.
        public init(upstream: Upstream, scheduler: Context) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(MeasureIntervalSubscriber<Upstream.Output, Context, S>(downstream: subscriber, scheduler: scheduler))
        }
    }
}

extension Publisher {
    /// Publishes, for each value, the time since the previous value (or since the
    /// subscription), measured on `scheduler`'s clock.
    ///
    /// - Parameters:
    ///   - scheduler: The scheduler whose clock measures the intervals.
    ///   - options: Accepted for Combine's signature; as in Combine they are not used, since
    ///     the operator schedules nothing.
    public func measureInterval<S: Scheduler>(using scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.MeasureInterval<Self, S> {
        Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
    }
}

/// Stands between the upstream and the downstream, as Combine's operator does: the downstream's
/// requests and cancel go to the upstream, a value is replaced by the time since the previous
/// event (the subscription, for the first), and the demand the downstream returns for it is
/// requested from the upstream rather than returned (Combine's `measureInterval` returns
/// `.none` from `receive(_:)`). Nothing is forwarded once the stream ended or was cancelled;
/// a cancel before the upstream subscribed changes nothing, and a subscription after the end
/// is cancelled. As Combine's, it keeps its downstream for its own lifetime.
///
/// The state is read and written under `lock`, which is never held while calling out: a cancel
/// may come from any thread while a value is being measured.
private final class MeasureIntervalSubscriber<Input, Context: Scheduler, Downstream: Subscriber>: Subscriber,
    Subscription, CombineReflectable, @unchecked Sendable
where Downstream.Input == Context.SchedulerTimeType.Stride {
    typealias Failure = Downstream.Failure

    private enum State {
        case awaitingSubscription
        case subscribed(any Subscription)
        case terminal
    }

    private let lock = Lock()
    private let scheduler: Context
    private let downstream: Downstream
    // Guarded by `lock`:
    private var state = State.awaitingSubscription
    private var last: Context.SchedulerTimeType?

    init(downstream: Downstream, scheduler: Context) {
        self.downstream = downstream
        self.scheduler = scheduler
    }

    var description: String { "MeasureInterval" }

    private var upstreamLocked: (any Subscription)? {
        if case .subscribed(let upstream) = state { return upstream }
        return nil
    }

    // The clock is read only for a live stream (as Combine's operator reads it: once on
    // subscription, once per value), and outside the lock: `now` is the scheduler's code.

    func receive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state else {
            lock.unlock()
            subscription.cancel()
            return
        }
        state = .subscribed(subscription)
        lock.unlock()
        let now = scheduler.now
        lock.lock()
        if upstreamLocked != nil { last = now }
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard upstreamLocked != nil else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        let now = scheduler.now
        lock.lock()
        guard let upstream = upstreamLocked, let previous = last else {
            lock.unlock()
            return .none
        }
        last = now
        lock.unlock()
        let more = downstream.receive(previous.distance(to: now))
        if more > 0 { upstream.request(more) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard upstreamLocked != nil else { return lock.unlock() }
        state = .terminal
        last = nil
        lock.unlock()
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        let target = lock.withLock { upstreamLocked }
        target?.request(demand)
    }

    func cancel() {
        lock.lock()
        guard let target = upstreamLocked else { return lock.unlock() }
        state = .terminal
        last = nil
        lock.unlock()
        target.cancel()
    }
}
