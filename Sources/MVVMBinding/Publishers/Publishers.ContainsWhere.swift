extension Publishers {
    /// A publisher that publishes one Boolean: whether the upstream emits a value satisfying
    /// a predicate.
    ///
    /// The first match settles the answer (`true`) and cancels the upstream; an upstream that
    /// finishes without one gives `false`. An upstream failure is passed on.
    public struct ContainsWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are searched.
        public let upstream: Upstream

        /// Returns `true` for the value looked for.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a publisher that looks for a value of `upstream` that `predicate` accepts.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReducingSubscription<Upstream.Output, Failure, S>(downstream: subscriber, name: "ContainsWhere", initialResult: false) {
                    result, input in
                    guard predicate(input) else { return .needsMore }
                    result = true
                    return .done
                })
        }
    }
}

extension Publisher {
    /// Publishes whether this publisher emits a value that satisfies `predicate`.
    public func contains(where predicate: @escaping (Output) -> Bool) -> Publishers.ContainsWhere<Self> {
        Publishers.ContainsWhere(upstream: self, predicate: predicate)
    }
}
