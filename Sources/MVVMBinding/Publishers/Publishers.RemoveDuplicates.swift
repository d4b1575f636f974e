extension Publishers {
    /// A publisher that republishes a value only when it differs from the last one republished.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose repeated values are removed.
        public let upstream: Upstream

        /// Returns `true` when the second value (the new one) duplicates the first (the last
        /// one republished), which drops it.
        public let predicate: (Output, Output) -> Bool

        /// Creates a publisher that drops the values `predicate` calls duplicates.
        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(RemoveDuplicatesSubscription(downstream: subscriber, predicate: predicate))
        }
    }
}

extension Publisher {
    /// Republishes a value only when `predicate` says it is not a duplicate of the last value
    /// republished. Each dropped value is replaced by a request for one more from upstream.
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publisher where Output: Equatable {
    /// Republishes a value only when it is not equal to the last value republished.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        removeDuplicates(by: ==)
    }
}

/// RemoveDuplicates' subscriber and, as Combine's, the downstream's subscription
/// ("RemoveDuplicates"): nothing is forwarded after a completion or a cancel, a second upstream
/// subscription is cancelled, and a duplicate returns `.max(1)` so the upstream sends one more
/// value instead. Its own class for the reason `FilterSubscription` gives (through the first
/// form of `TryTransformSubscription` a value cost 198 ns, 10x the hand-written comparison, in
/// binding-bench; 43 ns now).
private final class RemoveDuplicatesSubscription<Downstream: Subscriber>: Subscriber, Subscription, CombineReflectable,
    @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let link = UpstreamLink(cancelsLateSubscription: true)
    private let downstream: Downstream
    private let predicate: (Input, Input) -> Bool
    /// The last value passed on (once `hasPrevious`); only the (serial) value path touches it.
    /// A slot allocated once rather than an optional, as `LatestValueSide`'s: an `Input?` costs a
    /// run-time metadata lookup per value in unspecialised code (binding-bench: 90 → 43 ns).
    private let previous = UnsafeMutablePointer<Input>.allocate(capacity: 1)
    private var hasPrevious = false

    init(downstream: Downstream, predicate: @escaping (Input, Input) -> Bool) {
        self.downstream = downstream
        self.predicate = predicate
    }

    deinit {
        if hasPrevious { previous.deinitialize(count: 1) }
        previous.deallocate()
    }

    var description: String { "RemoveDuplicates" }

    var reflectedParts: [(label: String, value: Any)] { [("downstream", downstream)] }

    func receive(subscription: any Subscription) {
        guard link.attach(subscription) else { return }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard link.isSubscribed else { return .none }
        if hasPrevious {
            if predicate(previous.pointee, input) { return .max(1) }
            previous.pointee = input
        } else {
            previous.initialize(to: input)
            hasPrevious = true
        }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard link.complete() else { return }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) { link.request(demand) }

    func cancel() { link.cancel() }
}
