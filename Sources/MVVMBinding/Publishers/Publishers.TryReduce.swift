extension Publishers {
    /// A publisher that folds every upstream value into an accumulated result with a closure
    /// that may throw, and publishes the result once the upstream finishes.
    ///
    /// As `Reduce`; an error the closure throws cancels the upstream and fails the stream with
    /// that error.
    public struct TryReduce<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        /// The publisher whose values are folded.
        public let upstream: Upstream

        /// The result before the first value; each subscriber starts from it.
        public let initial: Output

        /// Combines the result so far with the next value; throwing ends the stream.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// Creates a publisher that folds the values of `upstream` from `initial`.
        public init(upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            upstream.subscribe(
                ReducingSubscription<Upstream.Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "TryReduce", initialResult: initial, convertFailure: { $0 }
                ) { result, input in
                    result = try result.map { try next($0, input) }
                    return .needsMore
                })
        }
    }
}

extension Publisher {
    /// Folds every value into a result starting from `initialResult` with a closure that may
    /// throw; an error it throws cancels this publisher and fails the stream.
    public func tryReduce<T>(
        _ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T
    ) -> Publishers.TryReduce<Self, T> {
        Publishers.TryReduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }
}
