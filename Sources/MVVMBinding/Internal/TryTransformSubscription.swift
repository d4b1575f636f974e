/// What a `TryTransformSubscription` does with one upstream value.
enum TransformStep<Output> {
    /// Pass this value downstream.
    case emit(Output)
    /// Drop the value, asking upstream for one more in its place.
    case skip
    /// End the stream: cancel the upstream and finish the downstream (a satisfied `prefix`).
    case finish
}

/// The engine of the operators that decide value by value and may end the stream themselves:
/// `tryMap`, `tryCompactMap`, `tryFilter`, `tryRemoveDuplicates`, `prefix(while:)`,
/// `drop(while:)` and their `try` forms (`filter`, `compactMap` and `removeDuplicates` have
/// lighter classes of their own, with the same protocol). A step may emit, skip (asking upstream for one more in its place) or finish (which
/// cancels the upstream and finishes the downstream); a thrown error cancels the upstream and
/// fails the downstream. Either ending happens exactly once.
///
/// It is the downstream's subscription, because it must be able to cancel the upstream itself
/// and forward nothing after an ending.
/// `convertFailure` turns the upstream's failure into the downstream's (the identity, or
/// widening to `any Error` for the `try` operators).
final class TryTransformSubscription<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
{
    typealias Failure = UpstreamFailure
    typealias Step = (Input) throws(Downstream.Failure) -> TransformStep<Downstream.Input>

    private let link: UpstreamLink
    private let downstream: Downstream
    private let passesValuesBeforeSubscription: Bool
    private let step: Step
    private let convertFailure: (UpstreamFailure) -> Downstream.Failure
    let description: String

    /// - Parameters:
    ///   - name: the operator's name, for `description`.
    ///   - combineTryMapRules: Combine's `tryMap` differs from the other operators here with a
    ///     misbehaving upstream: it transforms and passes on a value sent before the
    ///     subscription, and leaves alone a subscription that arrives after a cancel; the
    ///     others drop the value and cancel the subscription.
    ///   - convertFailure: turns an upstream failure into the downstream's failure.
    ///   - step: decides what to do with each value; throwing fails the stream.
    init(
        downstream: Downstream, name: String, combineTryMapRules: Bool = false,
        convertFailure: @escaping (UpstreamFailure) -> Downstream.Failure, step: @escaping Step
    ) {
        self.downstream = downstream
        self.description = name
        self.convertFailure = convertFailure
        self.step = step
        passesValuesBeforeSubscription = combineTryMapRules
        link = UpstreamLink(cancelsLateSubscription: !combineTryMapRules)
    }

    /// A `try` operator whose transform returns the value to pass on, `nil` to drop it, or
    /// throws to fail.
    convenience init(
        downstream: Downstream, name: String, combineTryMapRules: Bool = false,
        transform: @escaping (Input) throws -> Downstream.Input?
    ) where Downstream.Failure == any Error {
        self.init(downstream: downstream, name: name, combineTryMapRules: combineTryMapRules, convertFailure: { $0 }) {
            input in try transform(input).map(TransformStep.emit) ?? .skip
        }
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
            switch try step(input) {
            case .emit(let output): return downstream.receive(output)
            case .skip: return .max(1)
            case .finish: end(with: .finished)
            }
        } catch {
            end(with: .failure(error))
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        guard link.complete() else { return }
        downstream.receive(completion: completion.mapError(convertFailure))
    }

    func request(_ demand: Subscribers.Demand) {
        link.request(demand)
    }

    func cancel() {
        link.cancel()
    }

    private func end(with completion: Subscribers.Completion<Downstream.Failure>) {
        if link.cancel() { downstream.receive(completion: completion) }
    }
}
