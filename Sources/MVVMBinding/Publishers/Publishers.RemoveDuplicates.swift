extension Publishers {
    /// A publisher that republishes a value only when it differs from the last one republished.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose repeated values are removed.
        public let upstream: Upstream

        /// Returns `true` when the second value (the new one) duplicates the first (the last
        /// one republished), which drops it.
        public let predicate: (Output, Output) -> Bool

        /// Creates a publisher that drops the values `predicate` calls duplicates.
        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            // One per subscription; only its (serial) value path touches it. As Combine's, the
            // downstream gets the operator's own subscription ("RemoveDuplicates"), nothing is
            // forwarded after a completion, and a second upstream subscription is cancelled.
            var previous: Output?
            upstream.subscribe(
                TryTransformSubscription<Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "RemoveDuplicates", convertFailure: { $0 }
                ) { input in
                    if let previous, predicate(previous, input) { return .skip }
                    previous = input
                    return .emit(input)
                })
        }
    }
}

extension Publisher {
    /// Republishes a value only when `predicate` says it is not a duplicate of the last value
    /// republished. Each dropped value is replaced by a request for one more from upstream.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publisher where Output: Equatable {
    /// Republishes a value only when it is not equal to the last value republished.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        removeDuplicates(by: ==)
    }
}
