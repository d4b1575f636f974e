extension Publishers {
    /// A publisher that republishes a running accumulation computed by a closure that may
    /// throw.
    ///
    /// As `Scan`; an error the closure throws cancels the upstream and fails the stream with
    /// that error.
    public struct TryScan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        /// The publisher whose values are accumulated.
        public let upstream: Upstream

        /// The result before the first value; each subscriber starts from it.
        public let initialResult: Output

        /// Combines the previous result with the next value; throwing ends the stream.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// Creates a publisher that accumulates the values of `upstream` from `initialResult`.
        public init(upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let next = nextPartialResult
            // One running result per subscription; only its (serial) value path touches it.
            var result = initialResult
            upstream.subscribe(
                TryTransformSubscription<Upstream.Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "TryScan",
                    mapping: { input in
                        result = try next(result, input)
                        return result
                    }))
        }
    }
}

extension Publisher {
    /// Emits, for each value, the result of combining it with the previous result, starting
    /// from `initialResult`; an error the closure throws cancels this publisher and fails the
    /// stream.
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T) -> Publishers.TryScan<Self, T> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}
