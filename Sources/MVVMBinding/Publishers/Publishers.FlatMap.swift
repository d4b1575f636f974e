extension Publishers {
    /// A publisher that turns every upstream value into a publisher and merges the values of
    /// all those publishers into one stream.
    ///
    /// At most `maxPublishers` inner publishers are subscribed at a time: that many upstream
    /// values are requested at first, and one more each time an inner publisher finishes. The
    /// stream finishes when the upstream and every inner publisher have finished, and fails
    /// as soon as any of them fails, cancelling the rest. The downstream's demand is honoured
    /// across all inner publishers.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher
    where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are transformed into publishers.
        public let upstream: Upstream
        /// The greatest number of inner publishers subscribed at once.
        public let maxPublishers: Subscribers.Demand
        /// Makes the inner publisher for an upstream value.
        public let transform: (Upstream.Output) -> NewPublisher

        /// Creates a publisher that flattens the publishers `transform` makes from the values
        /// of `upstream`, with at most `maxPublishers` of them active at once.
        public init(
            upstream: Upstream,
            maxPublishers: Subscribers.Demand,
            transform: @escaping (Upstream.Output) -> NewPublisher
        ) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let flatMap = FlatMapSubscription<NewPublisher, Upstream, S>(
                downstream: subscriber, maxPublishers: maxPublishers, transform: transform)
            flatMap.sendSubscriptionDownstream()
            upstream.subscribe(FlatMapSubscription.Outer(flatMap: flatMap))
        }
    }
}

extension Publisher {
    /// Transforms every value into a publisher and merges the values of those publishers.
    ///
    /// - Parameters:
    ///   - maxPublishers: the greatest number of inner publishers subscribed at once.
    ///   - transform: makes the publisher for a value.
    public func flatMap<T, P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where T == P.Output, P.Failure == Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher where Failure == Never {
    /// Transforms every value of this never-failing publisher into a publisher that can fail
    /// and merges their values; the upstream takes the inner publishers' failure type.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
        Publishers.FlatMap(
            upstream: setFailureType(to: P.Failure.self), maxPublishers: maxPublishers, transform: transform)
    }

    /// Transforms every value of this never-failing publisher into a never-failing publisher
    /// and merges their values.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher {
    /// Transforms every value into a never-failing publisher and merges their values; the
    /// inner publishers take this publisher's failure type.
    public func flatMap<P: Publisher>(
        maxPublishers: Subscribers.Demand = .unlimited,
        _ transform: @escaping (Output) -> P
    ) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers) {
            transform($0).setFailureType(to: Failure.self)
        }
    }
}

/// FlatMap's downstream end: a merge whose sources are the inner publishers, plus the
/// subscription to the upstream that produces them.
private final class FlatMapSubscription<NewPublisher: Publisher, Upstream: Publisher, Downstream: Subscriber>:
    MergingSubscription<Downstream>, @unchecked Sendable
where
    NewPublisher.Failure == Upstream.Failure, Downstream.Input == NewPublisher.Output,
    Downstream.Failure == Upstream.Failure
{
    /// The subscriber attached to the upstream.
    struct Outer: Subscriber, CombineReflectable {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let combineIdentifier = CombineIdentifier()
        let flatMap: FlatMapSubscription

        var description: String { "FlatMap" }

        func receive(subscription: any Subscription) { flatMap.upstreamReceived(subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { flatMap.upstreamReceived(input) }
        func receive(completion: Subscribers.Completion<Failure>) { flatMap.upstreamReceived(completion) }
    }

    /// The key of upstream requests; inner publishers use keys from 0.
    private static var upstreamKey: Int { -1 }

    private let maxPublishers: Subscribers.Demand
    private let transform: (Upstream.Output) -> NewPublisher

    // Guarded by `lock`.
    private var upstream: (any Subscription)?
    private var upstreamEnded = false

    init(downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher) {
        self.maxPublishers = maxPublishers
        self.transform = transform
        super.init(downstream: downstream, description: "FlatMap", sourceCount: 0, acceptsNewSources: true)
    }

    func upstreamReceived(_ subscription: any Subscription) {
        lock.lock()
        guard !isTerminated, !upstreamEnded, upstream == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = subscription
        // Asked for at once, whatever the downstream's demand: inner publishers are subscribed
        // eagerly and their values wait for demand.
        if maxPublishers > 0 { scheduleRequestLocked(maxPublishers, from: subscription, key: Self.upstreamKey) }
        _ = drainAndUnlock()
    }

    func upstreamReceived(_ value: Upstream.Output) -> Subscribers.Demand {
        let tag = lock.withLock { upstreamEnded ? nil : addSourceLocked() }
        guard let tag else { return .none }
        // The transform is user code: called outside the lock.
        transform(value).subscribe(subscriber(for: tag))
        return .none
    }

    func upstreamReceived(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminated, !upstreamEnded else { return lock.unlock() }
        upstreamEnded = true
        upstream = nil
        switch completion {
        case .failure(let error): failLocked(error)
        case .finished: stopAcceptingSourcesLocked()
        }
        _ = drainAndUnlock()
    }

    override func sourceDidFinishLocked() {
        // A slot for another inner publisher opened up.
        if maxPublishers != .unlimited, let upstream {
            scheduleRequestLocked(.max(1), from: upstream, key: Self.upstreamKey)
        }
    }

    override func cancelUpstreamsLocked() {
        super.cancelUpstreamsLocked()
        if let upstream { scheduleCancelLocked(upstream) }
        upstream = nil
    }
}
