extension Publishers {
    /// A publisher that publishes how many values its upstream emitted, once it finishes.
    ///
    /// An upstream failure is passed on and no count is published.
    public struct Count<Upstream: Publisher>: Publisher {
        public typealias Output = Int
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are counted.
        public let upstream: Upstream

        /// Creates a publisher that counts the values of `upstream`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                ReducingSubscription<Upstream.Output, Failure, S>(downstream: subscriber, name: "Count", initialResult: 0) {
                    result, _ in
                    result? += 1
                    return .needsMore
                })
        }
    }
}

extension Publishers.Count: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Publishes the number of values this publisher emits, once it finishes.
    public func count() -> Publishers.Count<Self> {
        Publishers.Count(upstream: self)
    }
}
