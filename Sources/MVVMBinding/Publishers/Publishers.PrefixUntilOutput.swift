extension Publishers {
    /// A publisher that republishes upstream values until a second publisher emits a value,
    /// then finishes.
    ///
    /// The upstream is subscribed first, then the other publisher, from which one value is
    /// requested. Its first value cancels both and finishes the stream; its completion, even a
    /// failure, leaves the stream running. Demand passes straight through to the upstream.
    public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are republished.
        public let upstream: Upstream

        /// The publisher whose first value ends the stream.
        public let other: Other

        /// Creates a publisher that republishes `upstream` until `other` emits.
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let engine = UntilOutputSubscription(downstream: subscriber, mode: .prefix, name: "PrefixUntilOutput")
            upstream.subscribe(engine)
            other.subscribe(engine.triggerSubscriber(for: other) { _ in nil })
        }
    }
}

extension Publisher {
    /// Republishes values until `publisher` emits one, then finishes, cancelling both.
    public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
        Publishers.PrefixUntilOutput(upstream: self, other: publisher)
    }
}
