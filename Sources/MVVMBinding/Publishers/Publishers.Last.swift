extension Publishers {
    /// A publisher that publishes the last value of its upstream, once it finishes.
    ///
    /// An empty upstream finishes without a value; an upstream failure is passed on and the
    /// value kept so far is discarded.
    public struct Last<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose last value is published.
        public let upstream: Upstream

        /// Creates a publisher that publishes the last value of `upstream`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                ReducingSubscription<Output, Failure, S>(downstream: subscriber, name: "Last", initialResult: nil) { result, input in
                    result = input
                    return .needsMore
                })
        }
    }
}

extension Publishers.Last: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Publishes the last value once this publisher finishes.
    public func last() -> Publishers.Last<Self> {
        Publishers.Last(upstream: self)
    }
}
