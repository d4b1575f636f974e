extension Publishers {
    /// A publisher that ignores every upstream value and passes on only the completion.
    ///
    /// The downstream gets the upstream's subscription, and the upstream is asked for
    /// everything right after; the completion is delivered whatever the downstream's demand,
    /// because it carries no value.
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
            upstream.subscribe(IgnoreOutputSubscriber(downstream: subscriber))
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

/// IgnoreOutput's subscriber, as Combine's: it hands the downstream the upstream's own
/// subscription, then asks the upstream for `.unlimited`; it drops every value and forwards
/// completions as they come.
private struct IgnoreOutputSubscriber<Input, Downstream: Subscriber>: Subscriber, CombineReflectable
where Downstream.Input == Never {
    typealias Failure = Downstream.Failure

    let combineIdentifier = CombineIdentifier()
    let downstream: Downstream

    var description: String { "IgnoreOutput" }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand { .none }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
