extension Publishers {
    /// A publisher that omits upstream values until a second publisher emits a value, then
    /// republishes the rest.
    ///
    /// As Combine's: the downstream is subscribed first, then the other publisher (asked for one
    /// value), then the upstream, which is asked for what the downstream requests. Omitted values
    /// count that demand down. The other publisher's completion before its first value, finished
    /// or failed, cancels the upstream and is passed on.
    public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
    where Upstream.Failure == Other.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are republished once `other` has emitted.
        public let upstream: Upstream

        /// The publisher whose first value opens the stream.
        public let other: Other

        /// Creates a publisher that omits the values of `upstream` until `other` emits.
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let drop = DropUntilOutputSubscription<Upstream, Other, S>(downstream: subscriber)
            subscriber.receive(subscription: drop)
            other.subscribe(drop.otherSubscriber)
            upstream.subscribe(drop)
        }
    }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publisher {
    /// Omits values until `publisher` emits one, then republishes the rest.
    public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
    where P.Failure == Failure {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }
}

/// DropUntilOutput's subscription, with Combine's protocol: requests are counted and forwarded
/// to the upstream (or asked of it once it subscribes); a value before the trigger counts the
/// demand down (one nobody asked for traps) and is dropped; after it, values and their demand
/// pass straight through. The other publisher's first value only opens the stream (it is
/// neither asked again nor cancelled); an upstream completion is passed on once; a cancel
/// reaches both publishers. Both see subscribers carrying this subscription's
/// `combineIdentifier`.
private final class DropUntilOutputSubscription<Upstream: Publisher, Other: Publisher, Downstream: Subscriber>: Subscriber,
    Subscription, CombineReflectable, @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure, Other.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let downstream: Downstream
    private let lock = Lock()
    // Guarded by `lock`:
    private var upstream: (any Subscription)?
    private var other: (any Subscription)?
    private var pendingDemand = Subscribers.Demand.none
    private var triggered = false
    private var cancelled = false

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var otherSubscriber: OtherSubscriber { OtherSubscriber(owner: self) }

    var description: String { "DropUntilOutput" }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream == nil, !cancelled else {
            lock.unlock()
            return subscription.cancel()
        }
        upstream = subscription
        let owed = pendingDemand
        lock.unlock()
        if owed > 0 { subscription.request(owed) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard triggered, !cancelled else {
            pendingDemand -= 1
            lock.unlock()
            return .none
        }
        lock.unlock()
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !cancelled else { return lock.unlock() }
        cancelled = true
        lock.unlock()
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        pendingDemand += demand
        let current = upstream
        lock.unlock()
        current?.request(demand)
    }

    func cancel() {
        lock.lock()
        let (upstream, other) = (self.upstream, self.other)
        self.upstream = nil
        self.other = nil
        cancelled = true
        lock.unlock()
        upstream?.cancel()
        other?.cancel()
    }

    fileprivate func otherReceive(subscription: any Subscription) {
        lock.lock()
        guard other == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        other = subscription
        lock.unlock()
        subscription.request(.max(1))
    }

    fileprivate func otherReceive() -> Subscribers.Demand {
        lock.withLock {
            triggered = true
            other = nil
        }
        return .none
    }

    fileprivate func otherReceive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !triggered else {
            other = nil
            return lock.unlock()
        }
        let upstream = self.upstream
        self.upstream = nil
        lock.unlock()
        upstream?.cancel()
        downstream.receive(completion: completion)
    }

    /// The other publisher's subscriber.
    struct OtherSubscriber: Subscriber, CombineReflectable {
        typealias Input = Other.Output
        typealias Failure = Other.Failure

        let owner: DropUntilOutputSubscription
        var combineIdentifier: CombineIdentifier { owner.combineIdentifier }
        var description: String { owner.description }
        func receive(subscription: any Subscription) { owner.otherReceive(subscription: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { owner.otherReceive() }
        func receive(completion: Subscribers.Completion<Failure>) { owner.otherReceive(completion: completion) }
    }
}
