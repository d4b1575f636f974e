extension Publishers {
    /// A publisher that omits upstream values until a second publisher emits a value, then
    /// republishes the rest.
    ///
    /// The upstream is subscribed first, then the other publisher, from which one value is
    /// requested (it is then cancelled). Each omitted value is replaced by a request for one
    /// more from upstream, so the downstream's demand is still met. A failure of the other
    /// publisher cancels the upstream and fails the stream; its finishing without a value
    /// leaves every further value omitted.
    public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher
    where Upstream.Failure == Other.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are republished once `other` has emitted.
        public let upstream: Upstream

        /// The publisher whose first value opens the stream.
        public let other: Other

        /// Creates a publisher that omits the values of `upstream` until `other` emits.
        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let engine = UntilOutputSubscription(downstream: subscriber, mode: .drop, name: "DropUntilOutput")
            upstream.subscribe(engine)
            other.subscribe(engine.triggerSubscriber(for: other) { $0 })
        }
    }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

extension Publisher {
    /// Omits values until `publisher` emits one, then republishes the rest.
    public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P>
    where P.Failure == Failure {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }
}
