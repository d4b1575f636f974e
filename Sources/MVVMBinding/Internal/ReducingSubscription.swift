/// Whether a reduction wants more values or has its answer.
enum ReductionStep {
    case needsMore
    case done
}

/// The engine of operators that reduce a whole stream to at most one value (`first`,
/// `collect`, `count`, `reduce`, `min`, `contains`, `allSatisfy`, `last`, `ignoreOutput`, and
/// their `try` forms): as Combine's, it asks upstream for everything as soon as it gets the
/// upstream's subscription, before handing the downstream its own and whatever the downstream
/// later asks for; it folds each value into a running result, and delivers that result and `finished` once upstream has
/// finished (or the reduction is done early, which cancels upstream) and the downstream has
/// asked for a value. A reduction with no result finishes without waiting for demand; an
/// upstream failure is passed on at once. An ending that arrives while the downstream is not
/// yet subscribed (a synchronous upstream answering the first request) is held until it is.
/// Cancelling reaches the upstream at most once, and never after the reduction ended.
///
/// The fold may throw the downstream's failure type: a `try` operator's error cancels the
/// upstream and fails the downstream, exactly once. `convertFailure` turns the upstream's
/// failure into the downstream's (the identity, or widening to `any Error`).
final class ReducingSubscription<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
{
    typealias Failure = UpstreamFailure
    typealias Reduce = (inout Downstream.Input?, Input) throws(Downstream.Failure) -> ReductionStep

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
    /// Whether the downstream has its subscription; until then an ending waits in `heldEnding`.
    private var downstreamSubscribed = false
    private var heldEnding: Subscribers.Completion<Downstream.Failure>?
    // Written only by `receive(_:)`, which a publisher never calls concurrently, and read by
    // other paths only after the state (under the lock) says the reduction is over.
    private var result: Downstream.Input?
    private let reduce: Reduce
    private let convertFailure: (UpstreamFailure) -> Downstream.Failure
    private let downstream: Downstream
    let description: String

    /// - Parameters:
    ///   - initialResult: the result before any value; `nil` means "no result yet".
    ///   - convertFailure: turns an upstream failure into the downstream's failure.
    ///   - reduce: folds a value into the result and says whether to go on; throwing fails
    ///     the stream.
    init(
        downstream: Downstream, name: String, initialResult: Downstream.Input?,
        convertFailure: @escaping (UpstreamFailure) -> Downstream.Failure,
        reduce: @escaping Reduce
    ) {
        self.downstream = downstream
        self.description = name
        self.result = initialResult
        self.convertFailure = convertFailure
        self.reduce = reduce
    }

    /// A reduction that passes the upstream's failure on unchanged.
    convenience init(
        downstream: Downstream, name: String, initialResult: Downstream.Input?, reduce: @escaping Reduce
    ) where Downstream.Failure == UpstreamFailure {
        self.init(downstream: downstream, name: name, initialResult: initialResult, convertFailure: { $0 }, reduce: reduce)
    }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state else {
            lock.unlock()
            return subscription.cancel()
        }
        state = .subscribed(subscription)
        lock.unlock()
        subscription.request(.unlimited)
        downstream.receive(subscription: self)
        let ending: Subscribers.Completion<Downstream.Failure>? = lock.withLock {
            downstreamSubscribed = true
            defer { heldEnding = nil }
            return heldEnding
        }
        switch ending {
        case .failure(let error)?: downstream.receive(completion: .failure(error))
        case .finished?: deliver(result)
        case nil: break
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard lock.withLock({ if case .subscribed = state { return true } else { return false } }) else { return .none }
        let step: ReductionStep
        do {
            step = try reduce(&result, input)
        } catch {
            fail(with: error)
            return .none
        }
        guard step == .done else { return .none }
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
        case .failure(let error):
            state = .terminated
            guard downstreamSubscribed else {
                heldEnding = .failure(convertFailure(error))
                return lock.unlock()
            }
            lock.unlock()
            downstream.receive(completion: .failure(convertFailure(error)))
        case .finished:
            let deliverNow = downstreamRequested || result == nil
            state = deliverNow ? .terminated : .resultReady
            guard downstreamSubscribed || !deliverNow else {
                heldEnding = .finished
                return lock.unlock()
            }
            lock.unlock()
            if deliverNow { deliver(result) }
        }
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "API Violation: demand must not be zero")
        lock.lock()
        guard !downstreamRequested else { return lock.unlock() }
        downstreamRequested = true
        switch state {
        case .subscribed:
            // The upstream was asked for everything on subscription.
            lock.unlock()
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

    /// Ends the stream because the fold threw: cancels the upstream, then fails downstream.
    private func fail(with error: Downstream.Failure) {
        let (upstream, subscribed): ((any Subscription)?, Bool) = lock.withLock {
            guard case .subscribed(let upstream) = state else { return (nil, true) }
            state = .terminated
            if !downstreamSubscribed { heldEnding = .failure(error) }
            return (upstream, downstreamSubscribed)
        }
        guard let upstream else { return }
        upstream.cancel()
        if subscribed { downstream.receive(completion: .failure(error)) }
    }

    private func deliver(_ value: Downstream.Input?) {
        if let value { _ = downstream.receive(value) }
        downstream.receive(completion: .finished)
    }
}
