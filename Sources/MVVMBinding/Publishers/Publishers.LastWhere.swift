extension Publishers {
    /// A publisher that publishes the last upstream value satisfying a predicate, once the
    /// upstream finishes.
    ///
    /// Without a match it finishes without a value; an upstream failure is passed on.
    public struct LastWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are searched.
        public let upstream: Upstream

        /// Returns `true` for the values that may be published.
        public let predicate: (Output) -> Bool

        /// Creates a publisher that publishes the last value of `upstream` that `predicate`
        /// accepts.
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReducingSubscription<Output, Failure, S>(downstream: subscriber, name: "LastWhere", initialResult: nil) {
                    result, input in
                    if predicate(input) { result = input }
                    return .needsMore
                })
        }
    }
}

extension Publisher {
    /// Publishes the last value for which `predicate` returns `true`, once this publisher
    /// finishes.
    public func last(where predicate: @escaping (Output) -> Bool) -> Publishers.LastWhere<Self> {
        Publishers.LastWhere(upstream: self, predicate: predicate)
    }
}
