/// The engine of `tryMap`, `tryCompactMap` and `tryFilter`: applies a throwing transform whose
/// `nil` result drops the value (asking upstream for one more in its place), and turns a thrown
/// error into cancelling the upstream and failing the downstream, exactly once.
///
/// It is the downstream's subscription, because it must be able to cancel the upstream itself.
final class TryTransformSubscription<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Failure == Error {
    typealias Failure = UpstreamFailure

    private let link: UpstreamLink
    private let downstream: Downstream
    private let transform: (Input) throws -> Downstream.Input?
    private let passesValuesBeforeSubscription: Bool
    let description: String

    /// - Parameters:
    ///   - name: the operator's name, for `description`.
    ///   - combineTryMapRules: Combine's `tryMap` differs from `tryCompactMap` and `tryFilter`
    ///     with a misbehaving upstream: it transforms and passes on a value sent before the
    ///     subscription, and leaves alone a subscription that arrives after a cancel; the other
    ///     two drop the value and cancel the subscription.
    ///   - transform: returns the value to pass on, `nil` to drop it, or throws to fail.
    init(downstream: Downstream, name: String, combineTryMapRules: Bool = false,
         transform: @escaping (Input) throws -> Downstream.Input?) {
        self.downstream = downstream
        self.description = name
        self.transform = transform
        passesValuesBeforeSubscription = combineTryMapRules
        link = UpstreamLink(cancelsLateSubscription: !combineTryMapRules)
    }

    var reflectedParts: [(label: String, value: Any)] { [("downstream", downstream)] }

    func receive(subscription: any Subscription) {
        guard link.attach(subscription) else { return }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        // A value racing with our own termination is ignored.
        guard link.isSubscribed || (passesValuesBeforeSubscription && !link.hasTerminated) else { return .none }
        do {
            guard let output = try transform(input) else { return .max(1) }
            return downstream.receive(output)
        } catch {
            if link.cancel() { downstream.receive(completion: .failure(error)) }
            return .none
        }
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        guard link.complete() else { return }
        downstream.receive(completion: completion.eraseError())
    }

    func request(_ demand: Subscribers.Demand) {
        link.request(demand)
    }

    func cancel() {
        link.cancel()
    }
}
