extension Publishers {
    /// A publisher that republishes upstream values while a predicate that may throw accepts
    /// them.
    ///
    /// As `PrefixWhile`; an error the predicate throws cancels the upstream and fails the
    /// stream with that error.
    public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher whose leading values are republished.
        public let upstream: Upstream

        /// Returns `true` while values should be republished; throwing ends the stream.
        public let predicate: (Upstream.Output) throws -> Bool

        /// Creates a publisher that republishes the values of `upstream` while `predicate`
        /// accepts them.
        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            upstream.subscribe(
                TryTransformSubscription<Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "TryPrefixWhile", convertFailure: { $0 }
                ) { input, emit in try predicate(input) ? .passed(emit(input)) : .finished })
        }
    }
}

extension Publisher {
    /// Republishes values while `predicate` returns `true`, then finishes; an error it throws
    /// cancels this publisher and fails the stream.
    public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
        Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
    }
}
