extension Publishers {
    /// A publisher that, when its upstream fails, subscribes to it again, up to a number of
    /// times.
    ///
    /// The downstream keeps one subscription throughout; each new subscription to the
    /// upstream is asked for the demand the downstream has requested but not yet received.
    /// Values already delivered stay delivered. The failure that exhausts the retries is passed
    /// on; `retries == nil` retries for ever.
    public struct Retry<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher to subscribe to again after a failure.
        public let upstream: Upstream

        /// How many times to subscribe again; `nil` for no limit.
        public let retries: Int?

        /// Creates a publisher that resubscribes to `upstream` after up to `retries` failures.
        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let upstream = self.upstream
            func attempt(_ relay: RelaySubscription<S>, remaining: Int?) {
                relay.subscribe(upstream) { relay, completion in
                    guard case .failure = completion, remaining.map({ $0 > 0 }) ?? true else { return completion }
                    attempt(relay, remaining: remaining.map { $0 - 1 })
                    return nil
                }
            }
            attempt(RelaySubscription(downstream: subscriber, kind: .retry), remaining: retries)
        }
    }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Subscribes to this publisher again when it fails, up to `retries` times.
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }
}
