extension Publishers {
    /// A publisher that folds every upstream value into an accumulated result and publishes
    /// that result once the upstream finishes.
    ///
    /// An empty upstream publishes `initial`. An upstream failure is passed on and no result
    /// is published.
    public struct Reduce<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are folded.
        public let upstream: Upstream

        /// The result before the first value; each subscriber starts from it.
        public let initial: Output

        /// Combines the result so far with the next value.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// Creates a publisher that folds the values of `upstream` from `initial`.
        public init(upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            upstream.subscribe(
                ReducingSubscription<Upstream.Output, Failure, S>(downstream: subscriber, name: "Reduce", initialResult: initial) {
                    result, input in
                    result = result.map { next($0, input) }
                    return .needsMore
                })
        }
    }
}

extension Publisher {
    /// Folds every value into a result starting from `initialResult`, and publishes the
    /// result once this publisher finishes.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Reduce<Self, T> {
        Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }
}
