extension Publishers {
    /// A publisher that omits the first `count` values and republishes the rest.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose first values are omitted.
        public let upstream: Upstream

        /// How many values to omit.
        public let count: Int

        /// Creates a publisher that omits the first `count` values of `upstream`.
        public init(upstream: Upstream, count: Int) {
            precondition(count >= 0, "dropFirst(_:): can't drop a negative number of values (count is \(count))")
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(DropSubscription<Upstream.Failure, S>(downstream: subscriber, count: count))
        }
    }
}

extension Publishers.Drop: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Omits the first `count` values and republishes the rest.
    ///
    /// As in Combine, the `count` values to omit are requested from upstream on top of what the
    /// downstream asks for while it receives its subscription, in one request (`dropFirst(2)`
    /// under a subscriber that asks for 42 requests `.max(44)`); later requests pass unchanged.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}

/// Drop's subscription: asks upstream for the values it will omit together with the
/// downstream's first demand, then forwards demand as is.
///
/// `remaining` needs no lock: only `receive(_:)` touches it, and a publisher never calls that
/// concurrently for one subscriber. The value path therefore takes no lock.
private final class DropSubscription<UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Failure == UpstreamFailure {
    typealias Input = Downstream.Input
    typealias Failure = UpstreamFailure

    private let link = UpstreamLink()
    private let downstream: Downstream
    private let count: Int
    private var remaining: Int

    init(downstream: Downstream, count: Int) {
        self.downstream = downstream
        self.count = count
        self.remaining = count
    }

    var description: String { "Drop" }

    var reflectedParts: [(label: String, value: Any)] { [("downstream", downstream)] }

    func receive(subscription: any Subscription) {
        guard link.attach(subscription, holdingRequests: true) else { return }
        // The downstream gets its subscription first, so an upstream that completes as soon as
        // it is asked cannot complete before the downstream is subscribed.
        downstream.receive(subscription: self)
        link.releaseHeldRequests(adding: .max(count))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if remaining > 0 {
            remaining -= 1
            return .none
        }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard link.complete() else { return }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        link.request(demand)
    }

    func cancel() {
        link.cancel()
    }
}
