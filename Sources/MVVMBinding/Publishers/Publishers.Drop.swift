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
        ///
        /// A negative `count` traps when the publisher is subscribed to, as Combine's does.
        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            precondition(count >= 0, "dropFirst(_:): can't drop a negative number of values (count is \(count))")
            let drop = DropSubscription<Upstream.Failure, S>(downstream: subscriber, count: count)
            subscriber.receive(subscription: drop)
            upstream.subscribe(drop)
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

/// Drop's subscription, with Combine's protocol: the downstream is subscribed before the
/// upstream, and what it requests meanwhile is asked of the upstream together with the values to
/// omit, in one request (`dropFirst(4)` under a subscriber asking for 10 requests `.max(14)`);
/// later requests pass as they are (a zero request traps). Like Combine's, it counts and forwards
/// whatever the upstream sends, even after a completion, and takes a new subscription once the
/// previous one completed.
///
/// `remaining` needs no lock: only `receive(_:)` touches it, and a publisher never calls that
/// concurrently for one subscriber. The value path therefore takes no lock.
private final class DropSubscription<UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Failure == UpstreamFailure {
    typealias Input = Downstream.Input
    typealias Failure = UpstreamFailure

    private let lock = Lock()
    private let downstream: Downstream
    // Guarded by `lock`:
    private var upstream: (any Subscription)?
    private var pending = Subscribers.Demand.none
    // Touched by `receive(_:)` and, before any value, `receive(subscription:)` only.
    private var remaining: Int

    init(downstream: Downstream, count: Int) {
        self.downstream = downstream
        self.remaining = count
    }

    var description: String { "Drop" }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        upstream = subscription
        let demand = pending + remaining
        lock.unlock()
        if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if remaining > 0 {
            remaining -= 1
            return .none
        }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { upstream = nil }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "API Violation: demand must not be zero")
        lock.lock()
        guard let upstream else {
            pending += demand
            return lock.unlock()
        }
        lock.unlock()
        upstream.request(demand)
    }

    func cancel() {
        lock.lock()
        let upstream = self.upstream
        self.upstream = nil
        lock.unlock()
        upstream?.cancel()
    }
}
