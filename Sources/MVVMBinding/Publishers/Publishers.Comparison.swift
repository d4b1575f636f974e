extension Publishers {
    /// A publisher that publishes the greatest upstream value under an ordering, once the
    /// upstream finishes (`min` and `max` are both built on it).
    ///
    /// A value replaces the one kept so far when `areInIncreasingOrder(kept, value)`, so among
    /// equal values the first is kept. An empty upstream finishes without a value; an upstream
    /// failure is passed on.
    public struct Comparison<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are compared.
        public let upstream: Upstream

        /// Returns `true` when its first argument is ordered before its second.
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

        /// Creates a publisher that publishes the greatest value of `upstream` under
        /// `areInIncreasingOrder`.
        public init(upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let ordered = areInIncreasingOrder
            upstream.subscribe(
                ReducingSubscription<Output, Failure, S>(downstream: subscriber, name: "Comparison", initialResult: nil) {
                    result, input in
                    if let kept = result, !ordered(kept, input) { return .needsMore }
                    result = input
                    return .needsMore
                })
        }
    }
}

extension Publisher {
    /// Publishes the least value under `areInIncreasingOrder` once this publisher finishes.
    public func min(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self) { kept, value in areInIncreasingOrder(value, kept) }
    }

    /// Publishes the greatest value under `areInIncreasingOrder` once this publisher finishes.
    public func max(by areInIncreasingOrder: @escaping (Output, Output) -> Bool) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }
}

extension Publisher where Output: Comparable {
    /// Publishes the least value once this publisher finishes.
    public func min() -> Publishers.Comparison<Self> {
        min(by: <)
    }

    /// Publishes the greatest value once this publisher finishes.
    public func max() -> Publishers.Comparison<Self> {
        max(by: <)
    }
}
