extension Publishers {
    /// A publisher that converts the upstream's failure into another error type.
    public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
        public typealias Output = Upstream.Output

        /// The publisher whose failure is converted.
        public let upstream: Upstream

        /// Converts the upstream's error.
        public let transform: (Upstream.Failure) -> Failure

        /// Creates a publisher that converts `upstream`'s failure with `transform`.
        public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Creates a publisher that converts `upstream`'s failure with `map`.
        public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
            self.init(upstream: upstream, transform: map)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(MapErrorSubscriber(downstream: subscriber, transform: transform))
        }
    }
}

extension Publisher {
    /// Converts any failure from this publisher into the error `transform` returns.
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
        Publishers.MapError(upstream: self, transform: transform)
    }
}

/// Passes the subscription and values straight through; only the failure is rewritten.
private final class MapErrorSubscriber<Downstream: Subscriber, Failure: Error>: Subscriber, CombineReflectable {
    typealias Input = Downstream.Input

    private let downstream: Downstream
    private let transform: (Failure) -> Downstream.Failure

    init(downstream: Downstream, transform: @escaping (Failure) -> Downstream.Failure) {
        self.downstream = downstream
        self.transform = transform
    }

    var description: String { "MapError" }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion.mapError(transform))
    }
}
