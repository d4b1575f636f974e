extension Publishers {
    /// A publisher that republishes the first upstream value satisfying a predicate and then
    /// finishes.
    ///
    /// On the first request it asks upstream for unlimited values; the matching value cancels
    /// the upstream. If the upstream finishes without a match, this finishes without a value.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are searched.
        public let upstream: Upstream

        /// Returns `true` for the value to republish.
        public let predicate: (Output) -> Bool

        /// Creates a publisher that republishes the first value of `upstream` that `predicate`
        /// accepts.
        public init(upstream: Upstream, predicate: @escaping (Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReducingSubscription<Output, Failure, S>(downstream: subscriber, name: "TryFirst", initialResult: nil) {
                    result, input in
                    guard predicate(input) else { return .needsMore }
                    result = input
                    return .done
                })
        }
    }
}

extension Publisher {
    /// Republishes the first value for which `predicate` returns `true` and finishes,
    /// cancelling this publisher.
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }
}
