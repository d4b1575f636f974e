extension Publishers {
    /// A publisher that republishes its upstream's values, and publishes a given value in
    /// their place when the upstream finishes without any.
    ///
    /// As Combine's, it asks the upstream for everything once the downstream has its
    /// subscription, and passes the downstream's requests on too. The replacement is delivered,
    /// followed by `finished`, once the downstream has asked for a value. An upstream failure
    /// is passed on as is.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The value published when the upstream is empty.
        public let output: Output

        /// The publisher whose emptiness is replaced.
        public let upstream: Upstream

        /// Creates a publisher that publishes `output` when `upstream` finishes empty.
        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ReplaceEmptySubscription(downstream: subscriber, replacement: output))
        }
    }
}

extension Publisher {
    /// Publishes `output` when this publisher finishes without having published a value.
    public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

/// ReplaceEmpty's subscription, with Combine's protocol: values pass straight through (the
/// upstream was asked for `.unlimited`); a zero request traps; a cancel reaches the upstream
/// only while it is live.
private final class ReplaceEmptySubscription<Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private enum Status {
        case awaitingSubscription
        case subscribed(any Subscription)
        case terminal
    }

    private let downstream: Downstream
    private let replacement: Input
    private let lock = Lock()
    // Guarded by `lock`:
    private var status = Status.awaitingSubscription
    private var receivedValue = false
    private var downstreamRequested = false
    /// The upstream finished empty before the downstream asked for the replacement.
    private var replacementDue = false

    init(downstream: Downstream, replacement: Input) {
        self.downstream = downstream
        self.replacement = replacement
    }

    var description: String { "ReplaceEmpty" }

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
        guard case .subscribed = status else {
            lock.unlock()
            return .none
        }
        receivedValue = true
        lock.unlock()
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed = status else { return lock.unlock() }
        status = .terminal
        guard !receivedValue, case .finished = completion else {
            lock.unlock()
            return downstream.receive(completion: completion)
        }
        guard downstreamRequested else {
            replacementDue = true
            return lock.unlock()
        }
        lock.unlock()
        deliverReplacement()
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "API Violation: demand must not be zero")
        lock.lock()
        downstreamRequested = true
        if replacementDue {
            replacementDue = false
            lock.unlock()
            return deliverReplacement()
        }
        guard case .subscribed(let upstream) = status else { return lock.unlock() }
        lock.unlock()
        upstream.request(demand)
    }

    func cancel() {
        lock.lock()
        guard case .subscribed(let upstream) = status else { return lock.unlock() }
        status = .terminal
        lock.unlock()
        upstream.cancel()
    }

    private func deliverReplacement() {
        _ = downstream.receive(replacement)
        downstream.receive(completion: .finished)
    }
}
