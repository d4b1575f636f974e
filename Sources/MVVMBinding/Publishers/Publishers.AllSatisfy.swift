extension Publishers {
    /// A publisher that publishes one Boolean: whether every upstream value satisfies a
    /// predicate.
    ///
    /// The first value that fails the predicate settles the answer (`false`) and cancels the
    /// upstream; an upstream that finishes without such a value gives `true`, an empty one
    /// included. An upstream failure is passed on.
    public struct AllSatisfy<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are tested.
        public let upstream: Upstream

        /// Returns `true` for a value that satisfies the condition.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a publisher that tests every value of `upstream` with `predicate`.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReducingSubscription<Upstream.Output, Failure, S>(downstream: subscriber, name: "AllSatisfy", initialResult: true) {
                    result, input in
                    guard !predicate(input) else { return .needsMore }
                    result = false
                    return .done
                })
        }
    }
}

extension Publisher {
    /// Publishes whether every value satisfies `predicate`, once this publisher finishes or as
    /// soon as one value does not (which cancels this publisher).
    public func allSatisfy(_ predicate: @escaping (Output) -> Bool) -> Publishers.AllSatisfy<Self> {
        Publishers.AllSatisfy(upstream: self, predicate: predicate)
    }
}
