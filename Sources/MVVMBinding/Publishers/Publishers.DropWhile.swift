extension Publishers {
    /// A publisher that omits upstream values while a predicate accepts them, then
    /// republishes every value from the first one it rejects.
    ///
    /// Each omitted value is replaced by a request for one more from upstream, so the
    /// downstream's demand is still met. Once a value is rejected the predicate is not called
    /// again.
    public struct DropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose leading values are omitted.
        public let upstream: Upstream

        /// Returns `true` while values should be omitted.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a publisher that omits the values of `upstream` while `predicate` accepts
        /// them.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            // One flag per subscription; only its (serial) value path touches it.
            var isDropping = true
            upstream.subscribe(
                TryTransformSubscription<Output, Failure, S>(
                    downstream: subscriber, name: "DropWhile", dropWhileRules: true, convertFailure: { $0 }
                ) {
                    input, emit in
                    if isDropping, predicate(input) { return .skipped }
                    isDropping = false
                    return .passed(emit(input))
                })
        }
    }
}

extension Publisher {
    /// Omits values while `predicate` returns `true`, then republishes all the rest.
    public func drop(while predicate: @escaping (Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }
}
