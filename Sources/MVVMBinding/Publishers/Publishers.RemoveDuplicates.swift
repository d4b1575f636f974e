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
            upstream.subscribe(RemoveDuplicatesSubscriber(downstream: subscriber, predicate: predicate))
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

/// Passes the subscription straight through and remembers the last value it republished.
///
/// `previous` needs no lock: only `receive(_:)` touches it, and a publisher never calls that
/// concurrently for one subscriber.
private final class RemoveDuplicatesSubscriber<Downstream: Subscriber>: Subscriber, CombineReflectable,
    @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let predicate: (Input, Input) -> Bool
    private var previous: Input?

    init(downstream: Downstream, predicate: @escaping (Input, Input) -> Bool) {
        self.downstream = downstream
        self.predicate = predicate
    }

    var description: String { "RemoveDuplicates" }

    var reflectedParts: [(label: String, value: Any)] { [("downstream", downstream)] }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if let previous, predicate(previous, input) { return .max(1) }
        previous = input
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        previous = nil
        downstream.receive(completion: completion)
    }
}
