/// A subscriber that passes the subscription and values straight through and turns the
/// upstream's failure into the downstream's with a closure (which may also trap, as
/// `assertNoFailure` does). `finished` passes through.
final class CompletionMappingSubscriber<Downstream: Subscriber, UpstreamFailure: Error>: Subscriber, CombineReflectable {
    typealias Input = Downstream.Input
    typealias Failure = UpstreamFailure

    private let downstream: Downstream
    private let convertFailure: (UpstreamFailure) -> Downstream.Failure
    /// The mirror's parts (Combine's `assertNoFailure` shows its file, line and prefix).
    let reflectedParts: [(label: String, value: Any)]
    let description: String

    init(
        downstream: Downstream, name: String, reflectedParts: [(label: String, value: Any)] = [],
        convertFailure: @escaping (UpstreamFailure) -> Downstream.Failure
    ) {
        self.downstream = downstream
        self.description = name
        self.reflectedParts = reflectedParts
        self.convertFailure = convertFailure
    }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        downstream.receive(completion: completion.mapError(convertFailure))
    }
}
