extension Publishers {
    /// A publisher that, when its upstream fails, continues with the publisher a handler builds
    /// from the error.
    ///
    /// The downstream keeps one subscription throughout; demand it has requested but not yet
    /// received is requested from the replacement publisher when the switch happens.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = NewPublisher.Failure

        /// The publisher whose failure is caught.
        public let upstream: Upstream

        /// Builds the publisher to continue with from the upstream's error.
        public let handler: (Upstream.Failure) -> NewPublisher

        /// Creates a publisher that continues with `handler(error)` when `upstream` fails.
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = CatchSubscription<Upstream, NewPublisher, S>(downstream: subscriber, handler: handler)
            upstream.subscribe(CatchUpstreamSubscriber(parent: subscription))
        }
    }
}

extension Publisher {
    /// When this publisher fails, continues with the publisher `handler` returns for the error.
    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P>
    where P.Output == Output {
        Publishers.Catch(upstream: self, handler: handler)
    }
}

/// The downstream's single subscription across both phases: the upstream, then (after a
/// failure) the replacement. It counts the downstream's outstanding demand so the replacement
/// can be asked for exactly what is still owed.
private final class CatchSubscription<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscription,
    CombineReflectable, @unchecked Sendable
where Upstream.Output == NewPublisher.Output, Downstream.Input == Upstream.Output, Downstream.Failure == NewPublisher.Failure {
    private enum State {
        case awaitingUpstream
        case upstream(any Subscription)
        /// The upstream failed; the replacement has not handed over its subscription yet.
        case awaitingReplacement
        case replacement(any Subscription)
        case terminated
    }

    private let lock = Lock()
    private var state = State.awaitingUpstream
    private var demand = Subscribers.Demand.none
    private let downstream: Downstream
    private let handler: (Upstream.Failure) -> NewPublisher

    init(downstream: Downstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
        self.downstream = downstream
        self.handler = handler
    }

    var description: String { "Catch" }

    var reflectedParts: [(label: String, value: Any)] { [("downstream", downstream)] }

    // MARK: Upstream phase

    func receiveUpstream(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingUpstream = state else {
            lock.unlock()
            return subscription.cancel()
        }
        state = .upstream(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receiveUpstream(completion: Subscribers.Completion<Upstream.Failure>) {
        lock.lock()
        guard case .upstream = state else { return lock.unlock() }
        switch completion {
        case .finished:
            state = .terminated
            lock.unlock()
            downstream.receive(completion: .finished)
        case .failure(let error):
            state = .awaitingReplacement
            lock.unlock()
            handler(error).subscribe(CatchReplacementSubscriber(parent: self))
        }
    }

    // MARK: Replacement phase

    func receiveReplacement(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingReplacement = state else {
            lock.unlock()
            return subscription.cancel()
        }
        state = .replacement(subscription)
        let owed = demand
        lock.unlock()
        if owed > 0 { subscription.request(owed) }
    }

    func receiveReplacement(completion: Subscribers.Completion<NewPublisher.Failure>) {
        lock.lock()
        guard case .replacement = state else { return lock.unlock() }
        state = .terminated
        lock.unlock()
        downstream.receive(completion: completion)
    }

    // MARK: Both phases

    func receive(_ input: Downstream.Input) -> Subscribers.Demand {
        lock.lock()
        switch state {
        case .upstream, .replacement:
            demand -= 1
            lock.unlock()
        case .awaitingUpstream, .awaitingReplacement, .terminated:
            lock.unlock()
            return .none
        }
        let more = downstream.receive(input)
        if more > 0 { lock.withLock { demand += more } }
        return more
    }

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "demand must be greater than zero")
        lock.lock()
        demand += newDemand
        switch state {
        case .upstream(let current), .replacement(let current):
            lock.unlock()
            current.request(newDemand)
        case .awaitingUpstream, .awaitingReplacement, .terminated:
            // A replacement still to come is asked for the whole outstanding demand on arrival.
            lock.unlock()
        }
    }

    func cancel() {
        let current: (any Subscription)? = lock.withLock {
            defer { state = .terminated }
            switch state {
            case .upstream(let current), .replacement(let current): return current
            case .awaitingUpstream, .awaitingReplacement, .terminated: return nil
            }
        }
        current?.cancel()
    }
}

/// Feeds the upstream's events into the shared subscription.
private struct CatchUpstreamSubscriber<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscriber
where Upstream.Output == NewPublisher.Output, Downstream.Input == Upstream.Output, Downstream.Failure == NewPublisher.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    let parent: CatchSubscription<Upstream, NewPublisher, Downstream>

    func receive(subscription: any Subscription) { parent.receiveUpstream(subscription: subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { parent.receive(input) }
    func receive(completion: Subscribers.Completion<Failure>) { parent.receiveUpstream(completion: completion) }
}

/// Feeds the replacement publisher's events into the shared subscription.
private struct CatchReplacementSubscriber<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscriber
where Upstream.Output == NewPublisher.Output, Downstream.Input == Upstream.Output, Downstream.Failure == NewPublisher.Failure {
    typealias Input = NewPublisher.Output
    typealias Failure = NewPublisher.Failure

    let combineIdentifier = CombineIdentifier()
    let parent: CatchSubscription<Upstream, NewPublisher, Downstream>

    func receive(subscription: any Subscription) { parent.receiveReplacement(subscription: subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { parent.receive(input) }
    func receive(completion: Subscribers.Completion<Failure>) { parent.receiveReplacement(completion: completion) }
}
