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

/// Scales demand by `count` and fills a buffer.
///
/// `buffer` needs no lock: only `receive(_:)` and `receive(completion:)` touch it, and a
/// publisher never calls those concurrently for one subscriber.
private final class CollectByCountSubscription<Input, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Input == [Input] {
    typealias Failure = Downstream.Failure

    private let link = UpstreamLink()
    private let downstream: Downstream
    private let count: Int
    private var buffer: [Input] = []

    init(downstream: Downstream, count: Int) {
        self.downstream = downstream
        self.count = count
        buffer.reserveCapacity(count)
    }

    var description: String { "CollectByCount" }

    var reflectedParts: [(label: String, value: Any)] { [("downstream", downstream)] }

    func receive(subscription: any Subscription) {
        guard link.attach(subscription) else { return }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        // After the completion (a misbehaving upstream), a value would start a new array that
        // nothing ever sends: Combine ignores it.
        guard !link.hasTerminated else { return .none }
        buffer.append(input)
        guard buffer.count == count else { return .none }
        let full = buffer
        buffer = []
        buffer.reserveCapacity(count)
        return downstream.receive(full) * count
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard link.complete() else { return }
        let rest = buffer
        buffer = []
        if case .finished = completion, !rest.isEmpty { _ = downstream.receive(rest) }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "API Violation: demand must not be zero")
        link.request(demand * count)
    }

    func cancel() {
        link.cancel()
    }
}
