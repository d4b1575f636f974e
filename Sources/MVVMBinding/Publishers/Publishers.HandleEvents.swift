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

/// Sits between upstream and downstream so it sees requests and cancellation as well as values.
private final class HandleEventsSubscription<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let link = UpstreamLink()
    private let downstream: Downstream
    private let events: Publishers.HandleEvents<Upstream>

    init(downstream: Downstream, events: Publishers.HandleEvents<Upstream>) {
        self.downstream = downstream
        self.events = events
    }

    var description: String { "HandleEvents" }

    var reflectedParts: [(label: String, value: Any)] { [("downstream", downstream)] }

    func receive(subscription: any Subscription) {
        events.receiveSubscription?(subscription)
        guard link.attach(subscription) else { return }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        events.receiveOutput?(input)
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard link.complete() else { return }
        events.receiveCompletion?(completion)
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        events.receiveRequest?(demand)
        link.request(demand)
    }

    func cancel() {
        // Only a live stream reports a cancel, and only once; a cancel before the upstream
        // subscribed still ends the stream, so the late subscription is left alone.
        guard link.isSubscribed else {
            link.cancel()
            return
        }
        events.receiveCancel?()
        link.cancel()
    }
}
