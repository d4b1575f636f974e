extension Publishers {
    /// A publisher that cannot fail, re-typed to a failure type, so it can be combined with
    /// publishers that can.
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        public typealias Output = Upstream.Output

        /// The publisher that cannot fail.
        public let upstream: Upstream

        /// Creates a publisher that republishes `upstream` with the failure type `Failure`.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(SetFailureTypeSubscriber(downstream: subscriber))
        }

        /// The same upstream with another failure type.
        public func setFailureType<E: Error>(to failure: E.Type) -> Publishers.SetFailureType<Upstream, E> {
            Publishers.SetFailureType(upstream: upstream)
        }
    }
}

extension Publishers.SetFailureType: Equatable where Upstream: Equatable {}

extension Publisher where Failure == Never {
    /// Gives this publisher, which cannot fail, the failure type `failureType`.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}

/// Passes everything straight through; the only completion a `Never`-failing upstream can send
/// is `finished`.
private final class SetFailureTypeSubscriber<Downstream: Subscriber>: Subscriber, CombineReflectable {
    typealias Input = Downstream.Input
    typealias Failure = Never

    private let downstream: Downstream

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var description: String { "SetFailureType" }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Never>) {
        switch completion {
        case .finished: downstream.receive(completion: .finished)
        }
    }
}
