/// The engine of operators that run upstream publishers one after another behind a single
/// downstream subscription: `retry`, `catch` and `tryCatch`.
///
/// The downstream is subscribed when the first upstream hands over its subscription. The
/// relay counts the downstream's outstanding demand (requested minus delivered), and asks each
/// later upstream for exactly that when it subscribes. When the current upstream completes,
/// the operator's `onCompletion` decides: return the completion to end the stream with, or
/// `nil` after subscribing the next upstream through `subscribe(_:onCompletion:)`. Events of
/// an upstream that is no longer current are ignored; cancelling cancels the current upstream
/// and any that subscribes later.
final class RelaySubscription<Downstream: Subscriber>: Subscription, CombineReflectable, @unchecked Sendable {
    typealias Decision<Failure: Error> = (RelaySubscription, Subscribers.Completion<Failure>) -> Subscribers.Completion<
        Downstream.Failure
    >?

    private enum State {
        /// Waiting for the current upstream's subscription.
        case awaitingUpstream
        case active(any Subscription)
        case terminated
    }

    private let lock = Lock()
    // Guarded by `lock`:
    private var state = State.awaitingUpstream
    private var phase = 0  // the current upstream's number; older ones are ignored
    private var demand = Subscribers.Demand.none
    private var isDownstreamSubscribed = false
    private let downstream: Downstream
    private let kind: RelayKind

    init(downstream: Downstream, kind: RelayKind) {
        self.downstream = downstream
        self.kind = kind
    }

    /// Combine's name for the operator: computed, so no string is stored per subscription.
    var description: String {
        switch kind {
        case .catch: return "Catch"
        case .tryCatch: return "TryCatch"
        case .retry: return "Retry"
        }
    }

    var reflectedParts: [(label: String, value: Any)] { [("downstream", downstream)] }

    /// Subscribes `publisher` as the current upstream. Call it once to start, and from a
    /// `Decision` to continue with another upstream.
    func subscribe<P: Publisher>(_ publisher: P, onCompletion: @escaping Decision<P.Failure>) where P.Output == Downstream.Input {
        let number: Int? = lock.withLock {
            guard case .awaitingUpstream = state else { return nil }
            return phase
        }
        guard let number else { return }
        publisher.subscribe(RelayPhase(relay: self, phase: number, decide: onCompletion))
    }

    fileprivate func phase(_ number: Int, received subscription: any Subscription) {
        lock.lock()
        guard number == phase, case .awaitingUpstream = state else {
            lock.unlock()
            return subscription.cancel()
        }
        state = .active(subscription)
        let isFirst = !isDownstreamSubscribed
        isDownstreamSubscribed = true
        let owed = demand
        lock.unlock()
        if isFirst {
            downstream.receive(subscription: self)
        } else if owed > 0 {
            subscription.request(owed)
        }
    }

    fileprivate func phase(_ number: Int, received input: Downstream.Input) -> Subscribers.Demand {
        lock.lock()
        guard number == phase, case .active = state else {
            lock.unlock()
            return .none
        }
        if demand > 0 { demand -= 1 }
        lock.unlock()
        let more = downstream.receive(input)
        if more > 0 { lock.withLock { demand += more } }
        return more
    }

    fileprivate func phase<Failure: Error>(
        _ number: Int, received completion: Subscribers.Completion<Failure>, decide: Decision<Failure>
    ) {
        let isCurrent: Bool = lock.withLock {
            guard number == phase, case .active = state else { return false }
            state = .awaitingUpstream
            phase += 1
            return true
        }
        guard isCurrent, let ending = decide(self, completion) else { return }
        let isLive: Bool = lock.withLock {
            if case .terminated = state { return false }
            state = .terminated
            return true
        }
        if isLive { downstream.receive(completion: ending) }
    }

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "API Violation: demand must not be zero")
        let current: (any Subscription)? = lock.withLock {
            demand += newDemand
            if case .active(let current) = state { return current }
            return nil  // an upstream still to subscribe is asked for the outstanding demand
        }
        current?.request(newDemand)
    }

    func cancel() {
        let current: (any Subscription)? = lock.withLock {
            defer { state = .terminated }
            if case .active(let current) = state { return current }
            return nil
        }
        current?.cancel()
    }
}

/// Feeds one upstream's events into the relay, tagged with its phase number.
///
/// The upstream sees it as Combine's sees the operator's subscriber: by the operator's name
/// ("Catch", "Retry"), computed from the relay when asked.
private struct RelayPhase<Input, Failure: Error, Downstream: Subscriber>: Subscriber, CombineReflectable
where Downstream.Input == Input {
    let combineIdentifier = CombineIdentifier()
    let relay: RelaySubscription<Downstream>
    let phase: Int
    let decide: RelaySubscription<Downstream>.Decision<Failure>

    var description: String { relay.description }

    var reflectedParts: [(label: String, value: Any)] { [("relay", relay)] }

    func receive(subscription: any Subscription) { relay.phase(phase, received: subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { relay.phase(phase, received: input) }
    func receive(completion: Subscribers.Completion<Failure>) { relay.phase(phase, received: completion, decide: decide) }
}

/// Which operator a `RelaySubscription` serves, for its description.
enum RelayKind: UInt8 {
    case `catch`
    case tryCatch
    case retry
}
