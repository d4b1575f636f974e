extension Publishers {
    /// A publisher that shares one subscription to its upstream among all its subscribers.
    ///
    /// The first subscriber subscribes to the upstream; later subscribers join that
    /// subscription and miss the values already sent. When the last subscriber cancels, the
    /// upstream is cancelled too. Equivalent to multicasting through a `PassthroughSubject`
    /// with `autoconnect()`. Being a class, a `Share` is shared by reference: keep one instance
    /// and subscribe to it, rather than calling `share()` per subscriber.
    public final class Share<Upstream: Publisher>: Publisher, Equatable, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The shared publisher.
        public let upstream: Upstream

        private let shared: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

        /// Creates a publisher that shares `upstream`.
        public init(upstream: Upstream) {
            self.upstream = upstream
            shared = Autoconnect(upstream: Multicast(upstream: upstream, createSubject: { PassthroughSubject() }))
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            shared.subscribe(subscriber)
        }

        /// Two shares are equal only if they are the same instance.
        public static func == (lhs: Share, rhs: Share) -> Bool {
            lhs === rhs
        }
    }
}

extension Publisher {
    /// Shares this publisher among all subscribers of the result: the upstream is subscribed
    /// once, when the first subscriber arrives, and cancelled when the last one leaves.
    public func share() -> Publishers.Share<Self> {
        Publishers.Share(upstream: self)
    }
}
