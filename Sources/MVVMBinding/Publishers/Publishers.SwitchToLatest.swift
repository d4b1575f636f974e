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
            subscriber.receive(subscription: switcher)
            upstream.subscribe(switcher)
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

/// SwitchToLatest's subscription, with Combine's protocol:
///
/// - The downstream is subscribed first, then the upstream, which is asked for `.unlimited`.
/// - Each upstream publisher cancels the current inner subscription and is subscribed; its
///   subscription is asked for the demand the downstream has requested and not received. Its
///   values pass straight through, counting that demand down (one nobody asked for traps) and
///   adding what the downstream returns, which is also returned.
/// - The stream finishes once the upstream and the current inner publisher have both finished;
///   an inner failure cancels the upstream, an upstream failure the inner publisher, and either
///   is passed on once. Events of a superseded inner publisher are ignored; an inner completion
///   before its subscription traps.
/// - Mirrors: the subscription's is empty; an inner subscriber shows its parent's
///   `combineIdentifier`.
private final class SwitchToLatestSubscription<P: Publisher, Upstream: Publisher, Downstream: Subscriber>: Subscriber,
    Subscription, CombineReflectable, @unchecked Sendable
where
    Upstream.Output == P, P.Failure == Upstream.Failure, Downstream.Input == P.Output,
    Downstream.Failure == P.Failure
{
    typealias Input = P
    typealias Failure = Upstream.Failure

    private let downstream: Downstream
    private let lock = Lock()
    // Guarded by `lock`:
    private var upstream: (any Subscription)?
    private var inner: (any Subscription)?
    private var currentInner: UInt64 = 0
    private var nextInner: UInt64 = 1
    private var cancelled = false
    private var upstreamFinished = false
    private var sentCompletion = false
    private var awaitingInnerSubscription = false
    private var demand = Subscribers.Demand.none

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var description: String { "SwitchToLatest" }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream == nil, !cancelled else {
            lock.unlock()
            return subscription.cancel()
        }
        upstream = subscription
        lock.unlock()
        subscription.request(.unlimited)
    }

    func receive(_ input: P) -> Subscribers.Demand {
        lock.lock()
        guard !cancelled, !upstreamFinished else {
            lock.unlock()
            return .none
        }
        if let superseded = inner {
            inner = nil
            lock.unlock()
            superseded.cancel()
            lock.lock()
        }
        let index = nextInner
        currentInner = index
        nextInner += 1
        awaitingInnerSubscription = true
        lock.unlock()
        input.subscribe(InnerSubscriber(owner: self, index: index))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        upstream = nil
        upstreamFinished = true
        guard !cancelled else { return lock.unlock() }
        switch completion {
        case .finished:
            guard !awaitingInnerSubscription, inner == nil else { return lock.unlock() }
            sentCompletion = true
            lock.unlock()
            downstream.receive(completion: completion)
        case .failure:
            let current = inner
            inner = nil
            sentCompletion = true
            lock.unlock()
            current?.cancel()
            downstream.receive(completion: completion)
        }
    }

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "API Violation: demand must not be zero")
        lock.lock()
        demand += newDemand
        let current = inner
        lock.unlock()
        current?.request(newDemand)
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let (current, upstream) = (inner, self.upstream)
        inner = nil
        self.upstream = nil
        lock.unlock()
        current?.cancel()
        upstream?.cancel()
    }

    // MARK: Inner publishers

    fileprivate func innerReceive(subscription: any Subscription, _ index: UInt64) {
        lock.lock()
        guard index == currentInner, !cancelled, inner == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        inner = subscription
        awaitingInnerSubscription = false
        let owed = demand
        lock.unlock()
        if owed > 0 { subscription.request(owed) }
    }

    fileprivate func innerReceive(_ input: Downstream.Input, _ index: UInt64) -> Subscribers.Demand {
        lock.lock()
        guard index == currentInner, !cancelled else {
            lock.unlock()
            return .none
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(input)
        if more > 0 { lock.withLock { demand += more } }
        return more
    }

    fileprivate func innerReceive(completion: Subscribers.Completion<Failure>, _ index: UInt64) {
        lock.lock()
        guard index == currentInner, !cancelled else { return lock.unlock() }
        if awaitingInnerSubscription {
            lock.unlock()
            preconditionFailure("SwitchToLatest: an inner publisher completed before sending its subscription")
        }
        inner = nil
        switch completion {
        case .finished:
            guard !sentCompletion, upstreamFinished else { return lock.unlock() }
            sentCompletion = true
            lock.unlock()
            downstream.receive(completion: completion)
        case .failure:
            guard !sentCompletion else { return lock.unlock() }
            cancelled = true
            let upstream = self.upstream
            self.upstream = nil
            sentCompletion = true
            lock.unlock()
            upstream?.cancel()
            downstream.receive(completion: completion)
        }
    }

    /// An inner publisher's subscriber, tagged with its place in the sequence.
    struct InnerSubscriber: Subscriber, CombineReflectable {
        typealias Input = P.Output
        typealias Failure = P.Failure

        let combineIdentifier = CombineIdentifier()
        let owner: SwitchToLatestSubscription
        let index: UInt64

        var description: String { "SwitchToLatest" }
        var reflectedParts: [(label: String, value: Any)] { [("parentSubscription", owner.combineIdentifier)] }

        func receive(subscription: any Subscription) { owner.innerReceive(subscription: subscription, index) }
        func receive(_ input: Input) -> Subscribers.Demand { owner.innerReceive(input, index) }
        func receive(completion: Subscribers.Completion<Failure>) { owner.innerReceive(completion: completion, index) }
    }
}
