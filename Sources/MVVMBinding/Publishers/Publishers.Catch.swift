extension Publishers {
    /// A publisher that, when its upstream fails, continues with the publisher a handler builds
    /// from the error.
    ///
    /// The downstream keeps one subscription throughout; demand it has requested but not yet
    /// received is requested from the replacement publisher when the switch happens.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = NewPublisher.Failure

        /// The publisher whose failure is caught.
        public let upstream: Upstream

        /// Builds the publisher to continue with from the upstream's error.
        public let handler: (Upstream.Failure) -> NewPublisher

        /// Creates a publisher that continues with `handler(error)` when `upstream` fails.
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                CatchSubscription<Upstream.Failure, NewPublisher, S>(
                    downstream: subscriber, name: "Catch", handler: handler, convertNewFailure: { $0 }
                ).upstreamSubscriber)
        }
    }
}

extension Publisher {
    /// When this publisher fails, continues with the publisher `handler` returns for the error.
    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P>
    where P.Output == Output {
        Publishers.Catch(upstream: self, handler: handler)
    }
}
