extension Publishers {
    /// A publisher that republishes upstream values until a second publisher emits a value,
    /// then finishes.
    ///
    /// As Combine's: the other publisher is subscribed first and asked for one value, then the
    /// upstream. The other's first value cancels the upstream and finishes the stream; its
    /// completion, even a failure, leaves the stream running. Demand passes straight through to
    /// the upstream.
    public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are republished.
        public let upstream: Upstream

        /// The publisher whose first value ends the stream.
        public let other: Other

        /// Creates a publisher that republishes `upstream` until `other` emits.
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let prefix = PrefixUntilOutputSubscription<Upstream, Other, S>(downstream: subscriber)
            other.subscribe(prefix.terminationSubscriber)
            upstream.subscribe(prefix)
        }
    }
}

extension Publisher {
    /// Republishes values until `publisher` emits one, then finishes, cancelling both.
    public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
        Publishers.PrefixUntilOutput(upstream: self, other: publisher)
    }
}

/// PrefixUntilOutput's subscription, with Combine's protocol: the downstream is subscribed when
/// the upstream is (after the other publisher); values and requests pass straight through. The
/// other publisher's first value cancels the upstream (not the other publisher) and finishes
/// the stream, even before the upstream subscribed; the upstream's completion cancels the other
/// publisher and is passed on once. Like Combine's, it has no description or mirror of its
/// own; the other publisher sees a subscriber with this subscription's `combineIdentifier`.
private final class PrefixUntilOutputSubscription<Upstream: Publisher, Other: Publisher, Downstream: Subscriber>: Subscriber,
    Subscription, @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum Side {
        case awaitingSubscription
        case subscribed(any Subscription)
        case terminal

        var subscription: (any Subscription)? {
            if case .subscribed(let subscription) = self { return subscription }
            return nil
        }
    }

    private let downstream: Downstream
    private let lock = Lock()
    // Guarded by `lock`:
    private var upstream = Side.awaitingSubscription
    private var termination = Side.awaitingSubscription
    private var triggered = false

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var terminationSubscriber: TerminationSubscriber { TerminationSubscriber(owner: self) }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingSubscription = upstream else {
            lock.unlock()
            return subscription.cancel()
        }
        upstream = triggered ? .terminal : .subscribed(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = upstream else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let wasLive = upstream.subscription != nil
        let other = termination.subscription
        upstream = .terminal
        termination = .terminal
        lock.unlock()
        other?.cancel()
        if wasLive { downstream.receive(completion: completion) }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let current = upstream.subscription
        lock.unlock()
        current?.request(demand)
    }

    func cancel() {
        lock.lock()
        let (current, other) = (upstream.subscription, termination.subscription)
        upstream = .terminal
        termination = .terminal
        lock.unlock()
        current?.cancel()
        other?.cancel()
    }

    fileprivate func terminationReceive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingSubscription = termination else {
            lock.unlock()
            return subscription.cancel()
        }
        termination = .subscribed(subscription)
        lock.unlock()
        subscription.request(.max(1))
    }

    fileprivate func terminationReceive() -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = termination else {
            lock.unlock()
            return .none
        }
        let current = upstream.subscription
        upstream = .terminal
        termination = .terminal
        triggered = true
        lock.unlock()
        current?.cancel()
        downstream.receive(completion: .finished)
        return .none
    }

    fileprivate func terminationEnded() {
        lock.withLock { termination = .terminal }
    }

    /// The other publisher's subscriber.
    struct TerminationSubscriber: Subscriber {
        typealias Input = Other.Output
        typealias Failure = Other.Failure

        let owner: PrefixUntilOutputSubscription
        var combineIdentifier: CombineIdentifier { owner.combineIdentifier }
        func receive(subscription: any Subscription) { owner.terminationReceive(subscription: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { owner.terminationReceive() }
        func receive(completion: Subscribers.Completion<Failure>) { owner.terminationEnded() }
    }
}
