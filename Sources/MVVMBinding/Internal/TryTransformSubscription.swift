/// What a `TryTransformSubscription`'s step did with one upstream value. Not generic: a
/// generic result (the value to pass on) costs a metadata lookup per value in unspecialised
/// code, so the step hands the value on itself, through `emit`.
enum StepOutcome {
    /// The value went downstream (through `emit`), which asked for this much more.
    case passed(Subscribers.Demand)
    /// Dropped: the upstream is asked for one more in its place.
    case skipped
    /// End the stream: cancel the upstream and finish the downstream (a satisfied `prefix`).
    case finished
}

/// The engine of the operators that decide value by value and may end the stream themselves:
/// `tryCompactMap`, `tryFilter`, `tryRemoveDuplicates`, `prefix(while:)`, `drop(while:)` and
/// their `try` forms (`removeDuplicates` has a lighter class of its own with the same protocol;
/// `tryMap` one with Combine's looser one). A step may emit, skip (asking upstream for one
/// more in its place) or finish (which
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
    /// Hands one value downstream; what it returns is the downstream's new demand.
    typealias Emit = (Downstream.Input) -> Subscribers.Demand
    typealias Step = (Input, Emit) throws(Downstream.Failure) -> StepOutcome

    private let link = UpstreamLink(cancelsLateSubscription: true)
    private let downstream: Downstream
    /// Combine's `drop(while:)` forms: a cancel before the subscription changes nothing, a
    /// value or completion before it is ignored rather than trapped, and an empty mirror.
    private let dropWhileRules: Bool
    /// Parts the mirror shows after the downstream (tryRemoveDuplicates: the last value).
    private let reflectState: (() -> [(label: String, value: Any)])?
    private let step: Step
    private let convertFailure: (UpstreamFailure) -> Downstream.Failure
    let description: String

    /// - Parameters:
    ///   - name: the operator's name, for `description`.
    ///   - dropWhileRules: Combine's `drop(while:)` protocol rather than the others' (see
    ///     `dropWhileRules`).
    ///   - convertFailure: turns an upstream failure into the downstream's failure.
    ///   - step: decides what to do with each value; throwing fails the stream.
    init(
        downstream: Downstream, name: String, dropWhileRules: Bool = false,
        reflectState: (() -> [(label: String, value: Any)])? = nil,
        convertFailure: @escaping (UpstreamFailure) -> Downstream.Failure, step: @escaping Step
    ) {
        self.downstream = downstream
        self.dropWhileRules = dropWhileRules
        self.reflectState = reflectState
        self.description = name
        self.convertFailure = convertFailure
        self.step = step
    }

    /// A `try` operator whose transform returns the value to pass on, `nil` to drop it, or
    /// throws to fail.
    convenience init(
        downstream: Downstream, name: String, reflectState: (() -> [(label: String, value: Any)])? = nil,
        compacting transform: @escaping (Input) throws -> Downstream.Input?
    ) where Downstream.Failure == any Error {
        self.init(downstream: downstream, name: name, reflectState: reflectState, convertFailure: { $0 }) { input, emit in
            guard let output = try transform(input) else { return .skipped }
            return .passed(emit(output))
        }
    }

    var reflectedParts: [(label: String, value: Any)] {
        dropWhileRules ? [] : [("downstream", downstream)] + (reflectState?() ?? [])
    }

    func receive(subscription: any Subscription) {
        guard link.attach(subscription) else { return }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        // A value racing with our own termination is ignored; one before the subscription traps.
        guard link.isSubscribed else {
            if !dropWhileRules { link.trapIfAwaitingSubscription("\(description): received a value before the subscription") }
            return .none
        }
        do {
            switch try step(input, { downstream.receive($0) }) {
            case .passed(let demand): return demand
            case .skipped: return .max(1)
            case .finished: end(with: .finished)
            }
        } catch {
            end(with: .failure(error))
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        guard link.complete() else {
            if !dropWhileRules { link.trapIfAwaitingSubscription("\(description): received a completion before the subscription") }
            return
        }
        downstream.receive(completion: completion.mapError(convertFailure))
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "API Violation: demand must not be zero")
        if !dropWhileRules { link.trapIfAwaitingSubscription("\(description): request before the subscription was sent") }
        link.request(demand)
    }

    func cancel() {
        if dropWhileRules {
            link.cancelIfSubscribed()
        } else {
            link.cancel()
        }
    }

    private func end(with completion: Subscribers.Completion<Downstream.Failure>) {
        if link.cancel() { downstream.receive(completion: completion) }
    }
}
