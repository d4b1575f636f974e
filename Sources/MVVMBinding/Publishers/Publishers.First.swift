extension Publishers {
    /// A publisher that republishes the first value of its upstream and then finishes.
    ///
    /// On the first request it asks upstream for unlimited values; the first one cancels the
    /// upstream. If the upstream finishes without a value, this finishes without one.
    public struct First<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose first value is republished.
        public let upstream: Upstream

        /// Creates a publisher that republishes the first value of `upstream`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                ReducingSubscription<Output, Failure, S>(downstream: subscriber, name: "First", initialResult: nil) { result, input in
                    result = input
                    return .done
                })
        }
    }
}

extension Publishers.First: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Republishes the first value and finishes, cancelling this publisher.
    public func first() -> Publishers.First<Self> {
        Publishers.First(upstream: self)
    }
}
