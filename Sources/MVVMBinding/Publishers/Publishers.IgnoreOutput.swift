extension Publishers {
    /// A publisher that ignores every upstream value and passes on only the completion.
    ///
    /// Upstream values are requested without limit once the downstream makes its first
    /// request; the completion is delivered whatever the downstream's demand, because it
    /// carries no value.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher {
        public typealias Output = Never
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are ignored.
        public let upstream: Upstream

        /// Creates a publisher that passes on only the completion of `upstream`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                ReducingSubscription<Upstream.Output, Failure, S>(downstream: subscriber, name: "IgnoreOutput", initialResult: nil) {
                    _, _ in .needsMore
                })
        }
    }
}

extension Publishers.IgnoreOutput: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Ignores every value and passes on only this publisher's completion.
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }
}
