extension Publishers {
    /// A publisher that, given an upstream of publishers, republishes the values of the most
    /// recent one only.
    ///
    /// Each new inner publisher cancels the previous one before being subscribed, so a
    /// superseded publisher never delivers again. The stream finishes when the upstream and
    /// the current inner publisher have finished, and fails as soon as either fails. The
    /// downstream's outstanding demand is requested from each new inner publisher.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher
    where Upstream.Output == P, P.Failure == Upstream.Failure {
        public typealias Output = P.Output
        public typealias Failure = P.Failure

        /// The publisher of publishers.
        public let upstream: Upstream

        /// Creates a publisher that republishes the values of the latest publisher `upstream`
        /// produced.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let switcher = SwitchToLatestSubscription<P, Upstream, S>(downstream: subscriber)
            switcher.sendSubscriptionDownstream()
            upstream.subscribe(SwitchToLatestSubscription.Outer(switcher: switcher))
        }
    }
}

extension Publisher where Output: Publisher, Output.Failure == Failure {
    /// Republishes the values of the most recent publisher this publisher produced, cancelling
    /// the previous one each time a new one arrives.
    ///
    /// Typical use: `query.map { search($0) }.switchToLatest()`, so a stale search never
    /// overwrites the results of a newer one.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Failure == Never, Output: Publisher {
    /// Republishes the values of the most recent publisher; this never-failing upstream takes
    /// the inner publishers' failure type.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
        Publishers.SwitchToLatest(upstream: setFailureType(to: Output.Failure.self))
    }
}

extension Publisher where Failure == Never, Output: Publisher, Output.Failure == Never {
    /// Republishes the values of the most recent publisher, when neither level can fail.
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
    /// Republishes the values of the most recent publisher; the never-failing inner publishers
    /// take this publisher's failure type.
    public func switchToLatest()
        -> Publishers.SwitchToLatest<
            Publishers.SetFailureType<Output, Failure>,
            Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>
        >
    {
        map { $0.setFailureType(to: Failure.self) }.switchToLatest()
    }
}

/// SwitchToLatest's downstream end: holds the upstream subscription and the subscription to
/// the current inner publisher, identified by a generation number so that events from a
/// superseded inner publisher are recognised and dropped.
private final class SwitchToLatestSubscription<P: Publisher, Upstream: Publisher, Downstream: Subscriber>:
    FanInSubscription<Downstream>, @unchecked Sendable
where
    Upstream.Output == P, P.Failure == Upstream.Failure, Downstream.Input == P.Output,
    Downstream.Failure == P.Failure
{
    /// The subscriber attached to the upstream of publishers.
    struct Outer: Subscriber, CombineReflectable {
        typealias Input = P
        typealias Failure = Upstream.Failure

        let combineIdentifier = CombineIdentifier()
        let switcher: SwitchToLatestSubscription

        var description: String { "SwitchToLatest" }

        func receive(subscription: any Subscription) { switcher.upstreamReceived(subscription) }
        func receive(_ input: P) -> Subscribers.Demand { switcher.upstreamReceived(input) }
        func receive(completion: Subscribers.Completion<Failure>) { switcher.upstreamReceived(completion) }
    }

    /// The subscriber attached to one inner publisher.
    struct Inner: Subscriber, CombineReflectable {
        typealias Input = P.Output
        typealias Failure = P.Failure

        let combineIdentifier = CombineIdentifier()
        let switcher: SwitchToLatestSubscription
        let generation: Int

        var description: String { "SwitchToLatest" }

        func receive(subscription: any Subscription) { switcher.inner(generation, received: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { switcher.inner(generation, received: input) }
        func receive(completion: Subscribers.Completion<Failure>) { switcher.inner(generation, received: completion) }
    }

    /// The key of upstream requests; inner publishers use their generation, from 1.
    private static var upstreamKey: Int { 0 }

    // Guarded by `lock`.
    private var upstream: (any Subscription)?
    private var upstreamFinished = false
    /// The generation of the current inner publisher; 0 before the first.
    private var generation = 0
    private var inner: (any Subscription)?
    private var hasLiveInner = false
    private var values = ValueQueue<Output>()

    init(downstream: Downstream) {
        super.init(downstream: downstream, description: "SwitchToLatest")
    }

    // MARK: - Upstream events

    func upstreamReceived(_ subscription: any Subscription) {
        lock.lock()
        guard !isTerminated, !upstreamFinished, upstream == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        scheduleRequestLocked(.unlimited, from: subscription, key: Self.upstreamKey)
        _ = drainAndUnlock()
    }

    func upstreamReceived(_ publisher: P) -> Subscribers.Demand {
        lock.lock()
        guard !isTerminated, !upstreamFinished else {
            lock.unlock()
            return .none
        }
        generation += 1
        let current = generation
        if let inner { scheduleCancelLocked(inner) }
        inner = nil
        hasLiveInner = true
        // Values of the superseded publisher not yet delivered are dropped with it.
        values.removeAll()
        _ = drainAndUnlock()
        publisher.subscribe(Inner(switcher: self, generation: current))
        return .none
    }

    func upstreamReceived(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminated, !upstreamFinished else { return lock.unlock() }
        upstreamFinished = true
        upstream = nil
        switch completion {
        case .failure(let error): failLocked(error)
        case .finished: if !hasLiveInner { finishLocked() }
        }
        _ = drainAndUnlock()
    }

    // MARK: - Inner publisher events

    func inner(_ generation: Int, received subscription: any Subscription) {
        lock.lock()
        guard !isTerminated, generation == self.generation, hasLiveInner, inner == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        inner = subscription
        if demand > 0 { scheduleRequestLocked(demand, from: subscription, key: generation) }
        _ = drainAndUnlock()
    }

    func inner(_ generation: Int, received value: Output) -> Subscribers.Demand {
        lock.lock()
        guard !isTerminated, generation == self.generation, hasLiveInner else {
            lock.unlock()
            return .none
        }
        values.append(value)
        return drainAndUnlock(returningDemandFor: generation)
    }

    func inner(_ generation: Int, received completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminated, generation == self.generation, hasLiveInner else { return lock.unlock() }
        inner = nil
        hasLiveInner = false
        switch completion {
        case .failure(let error): failLocked(error)
        case .finished: if upstreamFinished { finishLocked() }
        }
        _ = drainAndUnlock()
    }

    // MARK: - FanInSubscription hooks

    override func dequeueLocked() -> Output? { values.popFirst() }

    override var hasBufferedValuesLocked: Bool { !values.isEmpty }

    override func demandDidIncreaseLocked(by added: Subscribers.Demand) {
        guard !isTerminated, let inner else { return }
        scheduleRequestLocked(added, from: inner, key: generation)
    }

    /// The current inner publisher is cancelled before the outer upstream: Combine's order.
    override func cancelUpstreamsLocked() {
        if let inner { scheduleCancelLocked(inner) }
        if let upstream { scheduleCancelLocked(upstream) }
        upstream = nil
        inner = nil
    }

    override func discardBufferedValuesLocked() {
        values.removeAll()
    }
}
