extension Publishers {
    /// A publisher that publishes whether the upstream emits a value satisfying a predicate
    /// that may throw.
    ///
    /// As `ContainsWhere`; an error the predicate throws cancels the upstream and fails the
    /// stream with that error.
    public struct TryContainsWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Error

        /// The publisher whose values are searched.
        public let upstream: Upstream

        /// Returns `true` for the value looked for; throwing ends the stream.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a publisher that looks for a value of `upstream` that `predicate` accepts.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReducingSubscription<Upstream.Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "TryContainsWhere", initialResult: false, convertFailure: { $0 }
                ) { result, input in
                    guard try predicate(input) else { return .needsMore }
                    result = true
                    return .done
                })
        }
    }
}

extension Publisher {
    /// Publishes whether this publisher emits a value that satisfies `predicate`; an error it
    /// throws cancels this publisher and fails the stream.
    public func tryContains(where predicate: @escaping (Output) throws -> Bool) -> Publishers.TryContainsWhere<Self> {
        Publishers.TryContainsWhere(upstream: self, predicate: predicate)
    }
}
