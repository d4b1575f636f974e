extension Publishers {
    /// A publisher that republishes a value only when a predicate that may throw says it is
    /// not a duplicate of the last one republished.
    ///
    /// As `RemoveDuplicates`; an error the predicate throws cancels the upstream and fails the
    /// stream with that error.
    public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher whose repeated values are removed.
        public let upstream: Upstream

        /// Returns `true` when the second value (the new one) duplicates the first (the last
        /// one republished); throwing ends the stream.
        public let predicate: (Output, Output) throws -> Bool

        /// Creates a publisher that drops the values `predicate` calls duplicates.
        public init(upstream: Upstream, predicate: @escaping (Output, Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            // One per subscription; only its (serial) value path touches it.
            var previous: Output?
            upstream.subscribe(
                TryTransformSubscription<Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "TryRemoveDuplicates", reflectState: { [("last", previous as Any)] },
                    compacting: {
                        input in
                        if let previous, try predicate(previous, input) { return nil }
                        previous = input
                        return input
                    }))
        }
    }
}

extension Publisher {
    /// Republishes a value only when `predicate` says it is not a duplicate of the last value
    /// republished; an error it throws cancels this publisher and fails the stream.
    public func tryRemoveDuplicates(by predicate: @escaping (Output, Output) throws -> Bool) -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}
