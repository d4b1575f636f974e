extension Publishers {
    /// A publisher that republishes upstream values while a predicate accepts them, and
    /// finishes at the first value it rejects.
    ///
    /// The rejected value is not published; it cancels the upstream. Demand passes through.
    public struct PrefixWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose leading values are republished.
        public let upstream: Upstream

        /// Returns `true` while values should be republished.
        public let predicate: (Upstream.Output) -> Bool

        /// Creates a publisher that republishes the values of `upstream` while `predicate`
        /// accepts them.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                TryTransformSubscription<Output, Failure, S>(downstream: subscriber, name: "PrefixWhile", convertFailure: { $0 }) {
                    input, emit in predicate(input) ? .passed(emit(input)) : .finished
                })
        }
    }
}

extension Publisher {
    /// Republishes values while `predicate` returns `true`, then finishes, cancelling this
    /// publisher.
    public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }
}
