extension Publishers {
    /// A publisher that transforms each value and republishes the non-`nil` results.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed.
        public let upstream: Upstream

        /// The transform; a `nil` result drops the value.
        public let transform: (Upstream.Output) -> Output?

        /// Creates a publisher that republishes the non-`nil` results of `transform`.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(CompactMapSubscriber(downstream: subscriber, transform: transform))
        }
    }
}

extension Publishers.CompactMap {
    /// Fuses two compacting maps into one stage.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
    }

    /// Fuses a compacting map and a map into one stage.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.CompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
    }
}

extension Publisher {
    /// Transforms each value with `transform` and republishes the results that are not `nil`.
    ///
    /// Each `nil` result is replaced by a request for one more value from upstream.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }
}

/// CompactMap's subscriber, as Combine's: it hands the upstream's subscription straight to the
/// downstream, and a `nil` result returns `.max(1)` so the upstream sends one more value
/// instead. Like Combine's, it forwards whatever the upstream sends.
private final class CompactMapSubscriber<Downstream: Subscriber, Input>: Subscriber, CombineReflectable {
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let transform: (Input) -> Downstream.Input?

    init(downstream: Downstream, transform: @escaping (Input) -> Downstream.Input?) {
        self.downstream = downstream
        self.transform = transform
    }

    var description: String { "CompactMap" }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard let output = transform(input) else { return .max(1) }
        return downstream.receive(output)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
