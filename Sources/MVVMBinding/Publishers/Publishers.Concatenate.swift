extension Publishers {
    /// A publisher that emits every value of one publisher and then, once it finishes, every
    /// value of a second.
    ///
    /// The suffix is subscribed only after the prefix finishes, and is asked for the demand
    /// the downstream has requested but not yet received from the prefix; the downstream keeps
    /// one subscription throughout. A failure of the prefix ends the stream without subscribing
    /// the suffix.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure

        /// The publisher whose values come first.
        public let prefix: Prefix

        /// The publisher whose values follow once the prefix finishes.
        public let suffix: Suffix

        /// Creates a publisher that emits the values of `prefix`, then those of `suffix`.
        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            prefix.subscribe(ConcatenateSubscription<Suffix, S>(downstream: subscriber, suffix: suffix).prefixSubscriber)
        }
    }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}

extension Publisher {
    /// Emits `elements` before this publisher's values.
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        prepend(elements)
    }

    /// Emits the elements of `elements` before this publisher's values.
    public func prepend<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self>
    where S.Element == Output {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Emits the values of `publisher`, and once it finishes, this publisher's values.
    public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Emits `elements` after this publisher finishes.
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        append(elements)
    }

    /// Emits the elements of `elements` after this publisher finishes.
    public func append<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>>
    where S.Element == Output {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Emits the values of `publisher` after this publisher finishes.
    public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }
}

/// Concatenate's subscription, with Combine's protocol: the downstream is subscribed when the
/// prefix is; the prefix's values are counted against the downstream's demand (one beyond it is
/// dropped); the suffix, subscribed once the prefix finishes, is asked for the demand still
/// outstanding and its values pass straight through. A cancel reaches whichever upstream is
/// current and releases the suffix. Both upstreams see subscribers of their own types that share
/// this subscription's `combineIdentifier`.
private final class ConcatenateSubscription<Suffix: Publisher, Downstream: Subscriber>: Subscription, CombineReflectable,
    @unchecked Sendable
where Downstream.Input == Suffix.Output, Downstream.Failure == Suffix.Failure {
    typealias Input = Suffix.Output
    typealias Failure = Suffix.Failure

    /// Where one upstream stands.
    private enum Side {
        case awaitingSubscription
        case subscribed(any Subscription)
        case terminated

        var subscription: (any Subscription)? {
            if case .subscribed(let subscription) = self { return subscription }
            return nil
        }
    }

    private let downstream: Downstream
    private let lock = Lock()
    // Guarded by `lock`:
    private var suffix: Suffix?
    private var prefixSide = Side.awaitingSubscription
    private var suffixSide = Side.awaitingSubscription
    /// Requested by the downstream and not yet used by the prefix's values.
    private var pending = Subscribers.Demand.none

    init(downstream: Downstream, suffix: Suffix) {
        self.downstream = downstream
        self.suffix = suffix
    }

    var prefixSubscriber: PrefixSubscriber { PrefixSubscriber(owner: self) }

    var description: String { "Concatenate" }

    /// A zero request is allowed, as in Combine's.
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        pending += demand
        let current = prefixSide.subscription ?? suffixSide.subscription
        lock.unlock()
        current?.request(demand)
    }

    func cancel() {
        lock.lock()
        let current = prefixSide.subscription ?? suffixSide.subscription
        prefixSide = .terminated
        suffixSide = .terminated
        let released = suffix
        suffix = nil
        lock.unlock()
        // Released after the lock: its deinit may be anyone's code.
        withExtendedLifetime(released) { current?.cancel() }
    }

    // MARK: The prefix

    fileprivate func prefixReceive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingSubscription = prefixSide else {
            lock.unlock()
            return subscription.cancel()
        }
        prefixSide = .subscribed(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    fileprivate func prefixReceive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = prefixSide, pending > 0 else {
            lock.unlock()
            return .none
        }
        pending -= 1
        lock.unlock()
        let more = downstream.receive(input)
        guard more > 0 else { return .none }
        lock.withLock { pending += more }
        return more
    }

    fileprivate func prefixReceive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed = prefixSide else { return lock.unlock() }
        prefixSide = .terminated
        let suffix = self.suffix
        lock.unlock()
        switch completion {
        case .finished: suffix?.subscribe(SuffixSubscriber(owner: self))
        case .failure: downstream.receive(completion: completion)
        }
    }

    // MARK: The suffix

    fileprivate func suffixReceive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingSubscription = suffixSide else {
            lock.unlock()
            return subscription.cancel()
        }
        suffixSide = .subscribed(subscription)
        let owed = pending
        lock.unlock()
        if owed > 0 { subscription.request(owed) }
    }

    fileprivate func suffixReceive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = suffixSide else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        return downstream.receive(input)
    }

    fileprivate func suffixReceive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed = suffixSide else { return lock.unlock() }
        prefixSide = .terminated
        suffixSide = .terminated
        lock.unlock()
        downstream.receive(completion: completion)
    }

    /// The prefix's subscriber: prints and identifies itself as the subscription.
    struct PrefixSubscriber: Subscriber, CombineReflectable {
        let owner: ConcatenateSubscription
        var combineIdentifier: CombineIdentifier { owner.combineIdentifier }
        var description: String { owner.description }
        func receive(subscription: any Subscription) { owner.prefixReceive(subscription: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { owner.prefixReceive(input) }
        func receive(completion: Subscribers.Completion<Failure>) { owner.prefixReceive(completion: completion) }
    }

    /// The suffix's subscriber: a type of its own, identified as the subscription.
    struct SuffixSubscriber: Subscriber, CombineReflectable {
        let owner: ConcatenateSubscription
        var combineIdentifier: CombineIdentifier { owner.combineIdentifier }
        var description: String { owner.description }
        func receive(subscription: any Subscription) { owner.suffixReceive(subscription: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { owner.suffixReceive(input) }
        func receive(completion: Subscribers.Completion<Failure>) { owner.suffixReceive(completion: completion) }
    }
}
