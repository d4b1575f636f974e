extension Publishers {
    /// A publisher that calls closures when stream events happen, and otherwise passes
    /// everything through unchanged. Useful for side effects such as logging or a loading flag.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are observed.
        public let upstream: Upstream

        /// Called with the upstream subscription when it arrives.
        public var receiveSubscription: ((any Subscription) -> Void)?
        /// Called with each value before it is passed on.
        public var receiveOutput: ((Upstream.Output) -> Void)?
        /// Called with the completion before it is passed on.
        public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
        /// Called when the downstream cancels, before the upstream is cancelled.
        public var receiveCancel: (() -> Void)?
        /// Called with each demand the downstream requests, before it is passed upstream.
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        /// Creates a publisher that observes the events of `upstream` with the given closures.
        public init(
            upstream: Upstream,
            receiveSubscription: ((any Subscription) -> Void)? = nil,
            receiveOutput: ((Upstream.Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)? = nil,
            receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)?
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(HandleEventsSubscription(downstream: subscriber, events: self))
        }
    }
}

extension Publisher {
    /// Calls the given closures when this publisher's stream events happen; values, completion,
    /// demand and cancellation pass through unchanged.
    public func handleEvents(
        receiveSubscription: ((any Subscription) -> Void)? = nil,
        receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
        receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
    }
}

/// HandleEvents' subscription, with Combine's protocol: each event runs its closure, then
/// goes on. The demand the downstream returns for a value is reported to `receiveRequest` too.
/// A cancel reports `receiveCancel` even before the subscription (and then changes nothing
/// else); a cancel or a completion ends the stream and releases every closure. Completions
/// and values are passed on as they come, as Combine's does; a second subscription, or one
/// after the end, is cancelled. An empty mirror.
private final class HandleEventsSubscription<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum State {
        case awaitingSubscription
        case subscribed(any Subscription)
        case terminal
    }

    /// The closures, released together at the end.
    private struct Closures {
        var receiveSubscription: ((any Subscription) -> Void)?
        var receiveOutput: ((Input) -> Void)?
        var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?
        var receiveCancel: (() -> Void)?
        var receiveRequest: ((Subscribers.Demand) -> Void)?
    }

    private let downstream: Downstream
    private let lock = Lock()
    // Guarded by `lock`; the closures are called after unlocking.
    private var state = State.awaitingSubscription
    private var closures: Closures

    init(downstream: Downstream, events: Publishers.HandleEvents<Upstream>) {
        self.downstream = downstream
        closures = Closures(
            receiveSubscription: events.receiveSubscription, receiveOutput: events.receiveOutput,
            receiveCompletion: events.receiveCompletion, receiveCancel: events.receiveCancel,
            receiveRequest: events.receiveRequest)
    }

    var description: String { "HandleEvents" }

    func receive(subscription: any Subscription) {
        lock.withLock { closures.receiveSubscription }?(subscription)
        lock.lock()
        guard case .awaitingSubscription = state else {
            lock.unlock()
            return subscription.cancel()
        }
        state = .subscribed(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { closures.receiveOutput }?(input)
        let more = downstream.receive(input)
        guard more > 0 else { return more }
        lock.withLock { closures.receiveRequest }?(more)
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { closures.receiveCompletion }?(completion)
        let released = lock.withLock { terminateLocked() }
        withExtendedLifetime(released) {}  // the closures, released after unlocking
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { closures.receiveRequest }?(demand)
        lock.lock()
        guard case .subscribed(let upstream) = state else { return lock.unlock() }
        lock.unlock()
        upstream.request(demand)
    }

    func cancel() {
        lock.withLock { closures.receiveCancel }?()
        lock.lock()
        guard case .subscribed(let upstream) = state else { return lock.unlock() }
        let released = terminateLocked()
        lock.unlock()
        withExtendedLifetime(released) {}
        upstream.cancel()
    }

    /// Ends the stream; returns the closures to release after unlocking.
    private func terminateLocked() -> Closures {
        state = .terminal
        defer { closures = Closures() }
        return closures
    }
}
