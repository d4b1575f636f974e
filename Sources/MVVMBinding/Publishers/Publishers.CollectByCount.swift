extension Publishers {
    /// A publisher that gathers upstream values into arrays of `count` and emits each full
    /// array; when the upstream finishes, any partial array is emitted too.
    ///
    /// A request for n arrays asks upstream for n × `count` values. An upstream failure is
    /// passed on and a partial array is discarded.
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are gathered.
        public let upstream: Upstream

        /// The number of values in each emitted array (the last may hold fewer).
        public let count: Int

        /// Creates a publisher that gathers the values of `upstream` into arrays of `count`.
        public init(upstream: Upstream, count: Int) {
            precondition(count > 0, "count must be greater than zero")
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(CollectByCountSubscription<Upstream.Output, S>(downstream: subscriber, count: count))
        }
    }
}

extension Publishers.CollectByCount: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Gathers values into arrays of `count` and emits each full array, and any partial array
    /// left when this publisher finishes.
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }
}

/// CollectByCount's subscription, with Combine's protocol: demand is scaled by `count` both
/// ways; values fill a buffer while an upstream subscription is held, and a full buffer goes
/// at once. Every completion the upstream sends is passed on (a finished one after the partial
/// buffer), as Combine's does; a cancel made before the subscription or after the end changes
/// nothing, and a subscription after the end is cancelled. Mirror: downstream,
/// upstreamSubscription, buffer, count.
private final class CollectByCountSubscription<Input, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Input == [Input] {
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let count: Int
    private let lock = Lock()
    // Guarded by `lock`:
    private var upstream: (any Subscription)?
    private var finished = false
    private var buffer: [Input] = []

    init(downstream: Downstream, count: Int) {
        self.downstream = downstream
        self.count = count
    }

    var description: String { "CollectByCount" }

    var reflectedParts: [(label: String, value: Any)] {
        lock.withLock { [("downstream", downstream), ("upstreamSubscription", upstream as Any), ("buffer", buffer), ("count", count)] }
    }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard !finished, upstream == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        upstream = subscription
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard upstream != nil else {
            lock.unlock()
            return .none
        }
        if buffer.isEmpty { buffer.reserveCapacity(count) }
        buffer.append(input)
        guard buffer.count == count else {
            lock.unlock()
            return .none
        }
        let full = buffer
        buffer = []
        lock.unlock()
        return downstream.receive(full) * count
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        upstream = nil
        finished = true
        let rest = buffer
        buffer = []
        lock.unlock()
        if case .finished = completion, !rest.isEmpty { _ = downstream.receive(rest) }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "API Violation: demand must not be zero")
        let current = lock.withLock { upstream }
        current?.request(demand * count)
    }

    func cancel() {
        lock.lock()
        guard let current = upstream else { return lock.unlock() }
        upstream = nil
        buffer = []
        finished = true
        lock.unlock()
        current.cancel()
    }
}
