extension Publishers {
    /// A publisher that turns an upstream failure into one last value, `output`, followed by
    /// `finished`.
    ///
    /// The replacement value respects demand: if the downstream has none outstanding when the
    /// failure arrives, it is delivered on the next request.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never

        /// The publisher whose failure is replaced.
        public let upstream: Upstream

        /// The value sent in place of a failure.
        public let output: Upstream.Output

        /// Creates a publisher that replaces a failure of `upstream` with `output`.
        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ReplaceErrorSubscription<Upstream.Failure, S>(downstream: subscriber, output: output))
        }
    }
}

extension Publishers.ReplaceError: Equatable where Upstream: Equatable, Upstream.Output: Equatable {}

extension Publisher {
    /// Replaces a failure with `output` and finishes, so the stream can no longer fail.
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
}

/// Tracks the downstream's outstanding demand so the replacement value is never sent without
/// it.
private final class ReplaceErrorSubscription<UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Failure == Never {
    typealias Input = Downstream.Input
    typealias Failure = UpstreamFailure

    private enum State {
        case awaitingSubscription
        case subscribed(any Subscription)
        /// The upstream failed while the downstream had no demand.
        case replacementPending
        case terminated
    }

    private let lock = Lock()
    private var state = State.awaitingSubscription
    private var demand = Subscribers.Demand.none
    private let downstream: Downstream
    private let output: Input

    init(downstream: Downstream, output: Input) {
        self.downstream = downstream
        self.output = output
    }

    var description: String { "ReplaceError" }

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
        lock.lock()
        guard case .subscribed = state else {
            lock.unlock()
            return .none
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(input)
        if more > 0 { lock.withLock { demand += more } }
        return more
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard case .subscribed = state else { return lock.unlock() }
        if case .failure = completion, demand == 0 {
            state = .replacementPending
            return lock.unlock()
        }
        state = .terminated
        lock.unlock()
        if case .failure = completion { _ = downstream.receive(output) }
        downstream.receive(completion: .finished)
    }

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "API Violation: demand must not be zero")
        lock.lock()
        switch state {
        case .subscribed(let upstream):
            demand += newDemand
            lock.unlock()
            upstream.request(newDemand)
        case .replacementPending:
            state = .terminated
            lock.unlock()
            _ = downstream.receive(output)
            downstream.receive(completion: .finished)
        case .awaitingSubscription:
            demand += newDemand
            lock.unlock()
        case .terminated:
            lock.unlock()
        }
    }

    /// As Combine's: only a live upstream is cancelled; a cancel before the subscription
    /// changes nothing.
    func cancel() {
        lock.lock()
        guard case .subscribed(let upstream) = state else { return lock.unlock() }
        state = .terminated
        lock.unlock()
        upstream.cancel()
    }
}
