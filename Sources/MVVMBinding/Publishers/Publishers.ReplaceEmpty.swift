extension Publishers {
    /// A publisher that republishes its upstream's values, and publishes a given value in
    /// their place when the upstream finishes without any.
    ///
    /// The replacement is delivered, followed by `finished`, once the downstream has demand
    /// for it. An upstream failure is passed on as is.
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

/// Passes values and demand through, counting the demand still owed so that the replacement
/// is sent only when the downstream has asked for a value.
private final class ReplaceEmptySubscription<Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let link = UpstreamLink()
    private let downstream: Downstream
    private let lock = Lock()
    // Guarded by `lock`:
    private var replacement: Input?  // dropped by the first value
    private var demand = Subscribers.Demand.none
    private var isAwaitingDemandForReplacement = false

    init(downstream: Downstream, replacement: Input) {
        self.downstream = downstream
        self.replacement = replacement
    }

    var description: String { "ReplaceEmpty" }

    func receive(subscription: any Subscription) {
        guard link.attach(subscription) else { return }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard link.isSubscribed else { return .none }
        lock.withLock {
            replacement = nil
            if demand > 0 { demand -= 1 }
        }
        let more = downstream.receive(input)
        lock.withLock { demand += more }
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard link.complete() else { return }
        guard case .finished = completion else { return downstream.receive(completion: completion) }
        // `nil` inside: finish without a value; `nil` outside: wait for demand.
        let delivery: Input?? = lock.withLock {
            guard let replacement else { return .some(nil) }
            guard demand > 0 else {
                isAwaitingDemandForReplacement = true
                return nil
            }
            self.replacement = nil
            return .some(replacement)
        }
        if let value = delivery { deliver(value) }
    }

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "API Violation: demand must not be zero")
        let pending: Input? = lock.withLock {
            demand += newDemand
            guard isAwaitingDemandForReplacement else { return nil }
            isAwaitingDemandForReplacement = false
            defer { replacement = nil }
            return replacement
        }
        if let pending { return deliver(pending) }
        link.request(newDemand)
    }

    func cancel() {
        link.cancel()
        lock.withLock {
            replacement = nil
            isAwaitingDemandForReplacement = false
        }
    }

    private func deliver(_ value: Input?) {
        if let value { _ = downstream.receive(value) }
        downstream.receive(completion: .finished)
    }
}
