extension Publishers {
    /// A publisher that publishes the greatest upstream value under an ordering that may
    /// throw, once the upstream finishes (`tryMin` and `tryMax` are both built on it).
    ///
    /// As `Comparison`; an error the ordering throws cancels the upstream and fails the
    /// stream with that error.
    public struct TryComparison<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher whose values are compared.
        public let upstream: Upstream

        /// Returns `true` when its first argument is ordered before its second; throwing ends
        /// the stream.
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) throws -> Bool

        /// Creates a publisher that publishes the greatest value of `upstream` under
        /// `areInIncreasingOrder`.
        public init(upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let ordered = areInIncreasingOrder
            upstream.subscribe(
                ReducingSubscription<Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "TryComparison", initialResult: nil, convertFailure: { $0 }
                ) { result, input in
                    if let kept = result, try !ordered(kept, input) { return .needsMore }
                    result = input
                    return .needsMore
                })
        }
    }
}

extension Publisher {
    /// Publishes the least value under `areInIncreasingOrder` once this publisher finishes; an
    /// error it throws cancels this publisher and fails the stream.
    public func tryMin(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self) { kept, value in try areInIncreasingOrder(value, kept) }
    }

    /// Publishes the greatest value under `areInIncreasingOrder` once this publisher finishes;
    /// an error it throws cancels this publisher and fails the stream.
    public func tryMax(by areInIncreasingOrder: @escaping (Output, Output) throws -> Bool) -> Publishers.TryComparison<Self> {
        Publishers.TryComparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }
}
