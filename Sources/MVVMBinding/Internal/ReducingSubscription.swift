/// Whether a reduction wants more values or has its answer.
enum ReductionStep {
    case needsMore
    case done
}

/// The engine of operators that reduce a whole stream to at most one value (`first`,
/// `first(where:)`, `collect`): on the downstream's first request it asks upstream for
/// everything, folds each value into a running result, and delivers that result and `finished`
/// once upstream has finished (or the reduction is done early, which cancels upstream) and the
/// downstream has asked for a value. A reduction with no result finishes without waiting for
/// demand; an upstream failure is passed on at once.
final class ReducingSubscription<Input, Downstream: Subscriber>: Subscriber, Subscription, CombineReflectable,
    @unchecked Sendable
{
    typealias Failure = Downstream.Failure

    private enum State {
        case awaitingSubscription
        case subscribed(any Subscription)
        /// The result is final but the downstream has not asked for it yet.
        case resultReady
        case terminated
    }

    private let lock = Lock()
    private var state = State.awaitingSubscription
    private var downstreamRequested = false
    // Written only by `receive(_:)`, which a publisher never calls concurrently, and read by
    // other paths only after the state (under the lock) says the reduction is over.
    private var result: Downstream.Input?
    private let reduce: (inout Downstream.Input?, Input) -> ReductionStep
    private let downstream: Downstream
    let description: String

    /// - Parameters:
    ///   - initialResult: the result before any value; `nil` means "no result yet".
    ///   - reduce: folds a value into the result and says whether to go on.
    init(
        downstream: Downstream, name: String, initialResult: Downstream.Input?,
        reduce: @escaping (inout Downstream.Input?, Input) -> ReductionStep
    ) {
        self.downstream = downstream
        self.description = name
        self.result = initialResult
        self.reduce = reduce
    }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state else {
            lock.unlock()
            return subscription.cancel()
        }
        state = .subscribed(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard lock.withLock({ if case .subscribed = state { return true } else { return false } }) else { return .none }
        guard reduce(&result, input) == .done else { return .none }
        lock.lock()
        guard case .subscribed(let upstream) = state else {
            lock.unlock()
            return .none
        }
        let deliverNow = downstreamRequested
        state = deliverNow ? .terminated : .resultReady
        lock.unlock()
        upstream.cancel()
        if deliverNow { deliver(result) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed = state else { return lock.unlock() }
        switch completion {
        case .failure:
            state = .terminated
            lock.unlock()
            downstream.receive(completion: completion)
        case .finished:
            let deliverNow = downstreamRequested || result == nil
            state = deliverNow ? .terminated : .resultReady
            lock.unlock()
            if deliverNow { deliver(result) }
        }
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "demand must be greater than zero")
        lock.lock()
        guard !downstreamRequested else { return lock.unlock() }
        downstreamRequested = true
        switch state {
        case .subscribed(let upstream):
            lock.unlock()
            upstream.request(.unlimited)
        case .resultReady:
            state = .terminated
            lock.unlock()
            deliver(result)
        case .awaitingSubscription, .terminated:
            lock.unlock()
        }
    }

    func cancel() {
        let upstream: (any Subscription)? = lock.withLock {
            defer { state = .terminated }
            if case .subscribed(let upstream) = state { return upstream }
            return nil
        }
        upstream?.cancel()
    }

    private func deliver(_ value: Downstream.Input?) {
        if let value { _ = downstream.receive(value) }
        downstream.receive(completion: .finished)
    }
}
