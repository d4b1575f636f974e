extension Publishers {
    /// A publisher that publishes whether every upstream value satisfies a predicate that may
    /// throw.
    ///
    /// As `AllSatisfy`; an error the predicate throws cancels the upstream and fails the
    /// stream with that error.
    public struct TryAllSatisfy<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Error

        /// The publisher whose values are tested.
        public let upstream: Upstream

        /// Returns `true` for a value that satisfies the condition; throwing ends the stream.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a publisher that tests every value of `upstream` with `predicate`.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                ReducingSubscription<Upstream.Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "TryAllSatisfy", initialResult: true, convertFailure: { $0 }
                ) { result, input in
                    guard try !predicate(input) else { return .needsMore }
                    result = false
                    return .done
                })
        }
    }
}

extension Publisher {
    /// Publishes whether every value satisfies `predicate`; an error it throws cancels this
    /// publisher and fails the stream.
    public func tryAllSatisfy(_ predicate: @escaping (Output) throws -> Bool) -> Publishers.TryAllSatisfy<Self> {
        Publishers.TryAllSatisfy(upstream: self, predicate: predicate)
    }
}
