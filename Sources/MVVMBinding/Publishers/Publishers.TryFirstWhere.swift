extension Publishers {
    /// A publisher that republishes the first upstream value satisfying a predicate that may
    /// throw, and then finishes.
    ///
    /// As `FirstWhere`; an error the predicate throws cancels the upstream and fails the
    /// stream with that error.
    public struct TryFirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher whose values are searched.
        public let upstream: Upstream

        /// Returns `true` for the value to republish; throwing ends the stream.
        public let predicate: (Output) throws -> Bool

        /// Creates a publisher that republishes the first value of `upstream` that `predicate`
        /// accepts.
        public init(upstream: Upstream, predicate: @escaping (Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReducingSubscription<Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "TryFirstWhere", initialResult: nil, convertFailure: { $0 }
                ) { result, input in
                    guard try predicate(input) else { return .needsMore }
                    result = input
                    return .done
                })
        }
    }
}

extension Publisher {
    /// Republishes the first value for which `predicate` returns `true` and finishes,
    /// cancelling this publisher; an error it throws cancels this publisher and fails the
    /// stream.
    public func tryFirst(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryFirstWhere<Self> {
        Publishers.TryFirstWhere(upstream: self, predicate: predicate)
    }
}
