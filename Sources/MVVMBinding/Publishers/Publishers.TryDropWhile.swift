extension Publishers {
    /// A publisher that omits upstream values while a predicate that may throw accepts them,
    /// then republishes every value from the first one it rejects.
    ///
    /// As `DropWhile`; an error the predicate throws cancels the upstream and fails the
    /// stream with that error.
    public struct TryDropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher whose leading values are omitted.
        public let upstream: Upstream

        /// Returns `true` while values should be omitted; throwing ends the stream.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a publisher that omits the values of `upstream` while `predicate` accepts
        /// them.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            // One flag per subscription; only its (serial) value path touches it.
            var isDropping = true
            upstream.subscribe(
                TryTransformSubscription<Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "TryDropWhile", dropWhileRules: true, convertFailure: { $0 }
                ) { input, emit in
                    if isDropping, try predicate(input) { return .skipped }
                    isDropping = false
                    return .passed(emit(input))
                })
        }
    }
}

extension Publisher {
    /// Omits values while `predicate` returns `true`, then republishes all the rest; an error
    /// it throws cancels this publisher and fails the stream.
    public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
        Publishers.TryDropWhile(upstream: self, predicate: predicate)
    }
}
