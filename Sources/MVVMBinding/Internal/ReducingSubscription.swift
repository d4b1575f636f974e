/// Whether a reduction wants more values or has its answer.
enum ReductionStep {
    case needsMore
    case done
}

/// The engine of operators that reduce a whole stream to at most one value (`first`,
/// `collect`, `count`, `reduce`, `min`, `contains`, `allSatisfy`, `last`, and their `try`
/// forms), with Combine's protocol:
///
/// - On the upstream's subscription it hands the downstream its own, then asks the upstream for
///   `.unlimited`, whatever the downstream asks for (also when the downstream cancelled at
///   once: a cancel before the upstream subscribed changes nothing).
/// - It folds each value into a running result; once the fold is done early (`first`) it
///   cancels the upstream. The result, if any, and `finished` go to the downstream once the
///   upstream has finished (or the fold is done) and the downstream has asked for a value,
///   whichever comes last; a stream with no result waits for demand too. A failure, the
///   upstream's or the fold's (a `try` operator's error, which also cancels the upstream), goes
///   at once.
/// - A zero request traps; cancelling reaches the upstream at most once, and never after the
///   upstream completed.
///
/// `convertFailure` turns the upstream's failure into the downstream's (the identity, or
/// widening to `any Error`).
final class ReducingSubscription<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
{
    typealias Failure = UpstreamFailure
    typealias Reduce = (inout Downstream.Input?, Input) throws(Downstream.Failure) -> ReductionStep

    private enum Status {
        case awaitingSubscription
        case subscribed(any Subscription)
        case terminal
    }

    private let lock = Lock()
    // Guarded by `lock`:
    private var status = Status.awaitingSubscription
    private var downstreamRequested = false
    private var cancelled = false
    /// The result is final: the upstream finished or the fold is done.
    private var resultIsFinal = false
    /// The downstream got (or is getting) its completion.
    private var completed = false
    // Written only by `receive(_:)`, which a publisher never calls concurrently, and read by
    // other paths only once the lock says the result is final.
    private var result: Downstream.Input?
    private let initial: Downstream.Input?
    private let reduce: Reduce
    private let convertFailure: (UpstreamFailure) -> Downstream.Failure
    private let downstream: Downstream
    /// The mirror's parts when the operator shows its own (collect shows its count).
    private let reflectResult: ((Downstream.Input?) -> [(label: String, value: Any)])?
    let description: String

    /// - Parameters:
    ///   - initialResult: the result before any value; `nil` means "no result yet".
    ///   - convertFailure: turns an upstream failure into the downstream's failure.
    ///   - reflectResult: the mirror's parts, from the result, for an operator that shows its own.
    ///   - reduce: folds a value into the result and says whether to go on; throwing fails
    ///     the stream.
    init(
        downstream: Downstream, name: String, initialResult: Downstream.Input?,
        convertFailure: @escaping (UpstreamFailure) -> Downstream.Failure,
        reflectResult: ((Downstream.Input?) -> [(label: String, value: Any)])? = nil,
        reduce: @escaping Reduce
    ) {
        self.downstream = downstream
        self.reflectResult = reflectResult
        self.description = name
        self.result = initialResult
        self.initial = initialResult
        self.convertFailure = convertFailure
        self.reduce = reduce
    }

    /// A reduction that passes the upstream's failure on unchanged.
    convenience init(
        downstream: Downstream, name: String, initialResult: Downstream.Input?,
        reflectResult: ((Downstream.Input?) -> [(label: String, value: Any)])? = nil, reduce: @escaping Reduce
    ) where Downstream.Failure == UpstreamFailure {
        self.init(
            downstream: downstream, name: name, initialResult: initialResult, convertFailure: { $0 }, reflectResult: reflectResult,
            reduce: reduce)
    }

    var reflectedParts: [(label: String, value: Any)] {
        lock.withLock {
            if let reflectResult { return reflectResult(result) }
            let statusName: String
            switch status {
            case .awaitingSubscription: statusName = "awaitingSubscription"
            case .subscribed: statusName = "subscribed"
            case .terminal: statusName = "terminal"
            }
            return [("downstream", downstream), ("result", result as Any), ("initial", initial as Any), ("status", statusName)]
        }
    }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingSubscription = status else {
            lock.unlock()
            return subscription.cancel()
        }
        status = .subscribed(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed(let upstream) = status else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        let step: ReductionStep
        do {
            step = try reduce(&result, input)
        } catch {
            lock.withLock {
                resultIsFinal = true
                completed = true
                status = .terminal
            }
            upstream.cancel()
            downstream.receive(completion: .failure(error))
            return .none
        }
        guard step == .done else { return .none }
        let deliverNow: Bool = lock.withLock {
            resultIsFinal = true
            if downstreamRequested { completed = true }
            status = .terminal
            return downstreamRequested
        }
        upstream.cancel()
        if deliverNow { deliverResult() }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed = status else { return lock.unlock() }
        status = .terminal
        resultIsFinal = true
        switch completion {
        case .finished:
            let deliverNow = downstreamRequested
            if deliverNow { completed = true }
            lock.unlock()
            if deliverNow { deliverResult() }
        case .failure(let error):
            completed = true
            lock.unlock()
            downstream.receive(completion: .failure(convertFailure(error)))
        }
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "API Violation: demand must not be zero")
        lock.lock()
        guard !downstreamRequested, !cancelled, !completed else { return lock.unlock() }
        downstreamRequested = true
        guard resultIsFinal else { return lock.unlock() }
        completed = true
        lock.unlock()
        deliverResult()
    }

    func cancel() {
        lock.lock()
        guard case .subscribed(let upstream) = status else { return lock.unlock() }
        cancelled = true
        status = .terminal
        lock.unlock()
        upstream.cancel()
    }

    private func deliverResult() {
        if let result { _ = downstream.receive(result) }
        downstream.receive(completion: .finished)
    }
}
