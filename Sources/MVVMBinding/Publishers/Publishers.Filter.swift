extension Publishers {
    /// A publisher that republishes only the values that satisfy a predicate.
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are filtered.
        public let upstream: Upstream

        /// Returns `true` for the values to republish.
        public let isIncluded: (Upstream.Output) -> Bool

        /// Creates a publisher that republishes the values of `upstream` that `isIncluded` accepts.
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(FilterSubscriber(downstream: subscriber, isIncluded: isIncluded))
        }
    }
}

extension Publishers.Filter {
    /// Fuses two filters into one stage.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
        let first = self.isIncluded
        return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
    }

    /// Fuses a filter and a throwing filter into one stage.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}

extension Publisher {
    /// Republishes only the values for which `isIncluded` returns `true`.
    ///
    /// Each rejected value is replaced by a request for one more from upstream, so the
    /// downstream's demand is still met.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

/// Filter's subscriber, as Combine's: it hands the upstream's subscription straight to the
/// downstream (no lock, no state), and a rejected value returns `.max(1)` so the upstream
/// sends one more instead. Like Combine's, it forwards whatever the upstream sends.
///
/// A class rather than a struct, as `MapSubscriber` (copied per value in unspecialised code).
private final class FilterSubscriber<Downstream: Subscriber>: Subscriber, CombineReflectable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let isIncluded: (Input) -> Bool

    init(downstream: Downstream, isIncluded: @escaping (Input) -> Bool) {
        self.downstream = downstream
        self.isIncluded = isIncluded
    }

    var description: String { "Filter" }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        isIncluded(input) ? downstream.receive(input) : .max(1)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
