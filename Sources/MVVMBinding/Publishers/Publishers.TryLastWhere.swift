extension Publishers {
    /// A publisher that publishes the last upstream value satisfying a predicate that may
    /// throw, once the upstream finishes.
    ///
    /// As `LastWhere`; an error the predicate throws cancels the upstream and fails the stream
    /// with that error.
    public struct TryLastWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher whose values are searched.
        public let upstream: Upstream

        /// Returns `true` for the values that may be published; throwing ends the stream.
        public let predicate: (Output) throws -> Bool

        /// Creates a publisher that publishes the last value of `upstream` that `predicate`
        /// accepts.
        public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReducingSubscription<Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "TryLastWhere", initialResult: nil, convertFailure: { $0 }
                ) { result, input in
                    if try predicate(input) { result = input }
                    return .needsMore
                })
        }
    }
}

extension Publisher {
    /// Publishes the last value for which `predicate` returns `true`, once this publisher
    /// finishes; an error it throws cancels this publisher and fails the stream.
    public func tryLast(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryLastWhere<Self> {
        Publishers.TryLastWhere(upstream: self, predicate: predicate)
    }
}
