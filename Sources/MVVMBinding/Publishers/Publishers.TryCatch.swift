extension Publishers {
    /// A publisher that, when its upstream fails, continues with the publisher a throwing
    /// handler builds from the error.
    ///
    /// The downstream keeps one subscription throughout; demand it has requested but not yet
    /// received is requested from the replacement. An error the handler throws ends the stream
    /// with that error.
    public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher whose failure is caught.
        public let upstream: Upstream

        /// Builds the publisher to continue with from the upstream's error, or throws.
        public let handler: (Upstream.Failure) throws -> NewPublisher

        /// Creates a publisher that continues with `handler(error)` when `upstream` fails.
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                CatchSubscription<Upstream.Failure, NewPublisher, S>(
                    downstream: subscriber, name: "TryCatch", handler: handler, convertNewFailure: { $0 }
                ).upstreamSubscriber)
        }
    }
}

extension Publisher {
    /// When this publisher fails, continues with the publisher `handler` returns for the
    /// error; an error `handler` throws fails the stream.
    public func tryCatch<P: Publisher>(_ handler: @escaping (Failure) throws -> P) -> Publishers.TryCatch<Self, P>
    where P.Output == Output {
        Publishers.TryCatch(upstream: self, handler: handler)
    }
}
