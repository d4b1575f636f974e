extension Publishers {
    /// A publisher that turns every upstream value into a publisher and merges the values of
    /// all those publishers into one stream.
    ///
    /// At most `maxPublishers` inner publishers are subscribed at a time: that many upstream
    /// values are requested at first, and one more each time an inner publisher finishes. The
    /// stream finishes when the upstream and every inner publisher have finished, and fails
    /// as soon as any of them fails, cancelling the other inner publishers (as Combine's, an
    /// inner failure leaves the upstream alone). The downstream's demand is honoured across
    /// all inner publishers.
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
            subscriber.receive(subscription: flatMap)
            upstream.subscribe(flatMap)
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

/// FlatMap's subscription, with Combine's protocol:
///
/// - The downstream is subscribed first, then the upstream, which is asked for `maxPublishers`
///   (even `.max(0)`), and for one more each time an inner publisher finishes (unless that is
///   unlimited).
/// - Each inner publisher is asked for `.max(1)` (`.unlimited` once the downstream asked for
///   that) and for one more after each of its values is delivered. A value with demand
///   outstanding goes to the downstream at once; otherwise, or while another inner request is
///   being made, it waits in a buffer, in arrival order, for the downstream's requests.
/// - The stream finishes once the upstream and every inner publisher have finished and the
///   buffer is empty. The first failure is passed on once: the upstream's cancels every inner
///   publisher, an inner one every other inner publisher (not the upstream). A cancel reaches
///   every inner publisher, then the upstream. A zero request traps.
/// - Deliveries are serialised by a recursive lock (a delivery that leads to another on the
///   same thread goes through). A request made from inside a delivery only adds demand.
///
/// Performance: the first inner subscription lives in a slot of its own (others in a
/// dictionary made when needed) and the buffer is two queues allocated when first used, so
/// `Just(x).flatMap { Just($0) }` allocates nothing for its bookkeeping.
private final class FlatMapSubscription<NewPublisher: Publisher, Upstream: Publisher, Downstream: Subscriber>: Subscriber,
    Subscription, CombineReflectable, @unchecked Sendable
where
    NewPublisher.Failure == Upstream.Failure, Downstream.Input == NewPublisher.Output,
    Downstream.Failure == Upstream.Failure
{
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let downstream: Downstream
    private let maxPublishers: Subscribers.Demand
    private let transform: (Upstream.Output) -> NewPublisher
    private let lock = Lock()
    private let deliveryLock = DeliveryLock()
    // Guarded by `lock`:
    private var upstream: (any Subscription)?
    private var demand = Subscribers.Demand.none
    private var inners = InnerSubscriptions()
    private var nextInnerIndex = 0
    private var pendingInnerSubscriptions = 0
    /// Values waiting for demand, and beside each the inner publisher it came from.
    private var bufferedValues = ValueQueue<Downstream.Input>()
    private var bufferedIndices = ValueQueue<Int>()
    private var cancelledOrCompleted = false
    private var upstreamFinished = false
    /// A delivery is under way: a request then only adds demand.
    private var delivering = false
    /// An inner publisher is being asked for one more: its value then waits in the buffer.
    private var requestingInner = false
    /// The upstream's failure is cancelling the inner publishers: Combine's deadlocks (and
    /// traps) if that leads to another upstream completion; this traps with a message.
    private var cancellingForFailure = false

    init(downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher) {
        self.downstream = downstream
        self.maxPublishers = maxPublishers
        self.transform = transform
    }

    var description: String { "FlatMap" }

    // MARK: The upstream

    func receive(subscription: any Subscription) {
        lock.lock()
        guard upstream == nil, !cancelledOrCompleted else {
            lock.unlock()
            return subscription.cancel()
        }
        upstream = subscription
        lock.unlock()
        subscription.request(maxPublishers)
    }

    func receive(_ input: Upstream.Output) -> Subscribers.Demand {
        lock.lock()
        guard !cancelledOrCompleted else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        // The transform is user code: called outside the lock.
        let child = transform(input)
        lock.lock()
        let index = nextInnerIndex
        nextInnerIndex += 1
        pendingInnerSubscriptions += 1
        lock.unlock()
        child.subscribe(InnerSubscriber(owner: self, index: index))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        if cancellingForFailure {
            lock.unlock()
            preconditionFailure("FlatMap: the upstream completed again while its failure cancelled the inner publishers")
        }
        upstream = nil
        upstreamFinished = true
        switch completion {
        case .finished:
            finishIfDoneAndUnlock()
        case .failure:
            let alreadyEnded = cancelledOrCompleted
            cancelledOrCompleted = true
            let cancelled = inners.takeAll()
            cancellingForFailure = true
            lock.unlock()
            for inner in cancelled { inner.cancel() }
            lock.withLock { cancellingForFailure = false }
            guard !alreadyEnded else { return }
            deliver(completion)
        }
    }

    // MARK: The downstream

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "API Violation: demand must not be zero")
        lock.lock()
        if delivering {
            demand += newDemand
            return lock.unlock()
        }
        guard !cancelledOrCompleted else { return lock.unlock() }
        if newDemand == .unlimited {
            demand = .unlimited
            var waiting: [Downstream.Input] = []
            while let value = bufferedValues.popFirst() { waiting.append(value) }
            bufferedIndices.removeAll()
            let live = inners.all
            lock.unlock()
            for value in waiting { _ = deliver(value) }
            for inner in live { inner.request(.unlimited) }
            lock.lock()
        } else {
            demand += newDemand
            while demand > 0, let value = bufferedValues.popFirst() {
                let index = bufferedIndices.removeFirst()
                demand -= 1
                let inner = inners[index]
                lock.unlock()
                let more = deliver(value)
                if more > 0 { lock.withLock { demand += more } }
                if let inner {
                    lock.withLock { requestingInner = true }
                    inner.request(.max(1))
                    lock.withLock { requestingInner = false }
                }
                lock.lock()
            }
        }
        finishIfDoneAndUnlock()
    }

    func cancel() {
        lock.lock()
        guard !cancelledOrCompleted else { return lock.unlock() }
        cancelledOrCompleted = true
        let cancelled = inners.takeAll()
        let upstream = self.upstream
        self.upstream = nil
        lock.unlock()
        for inner in cancelled { inner.cancel() }
        upstream?.cancel()
    }

    // MARK: Inner publishers

    fileprivate func innerReceive(subscription: any Subscription, _ index: Int) {
        lock.lock()
        pendingInnerSubscriptions -= 1
        inners[index] = subscription
        let ask: Subscribers.Demand = demand == .unlimited ? .unlimited : .max(1)
        lock.unlock()
        subscription.request(ask)
    }

    fileprivate func innerReceive(_ input: Downstream.Input, _ index: Int) -> Subscribers.Demand {
        lock.lock()
        if demand == .unlimited {
            lock.unlock()
            _ = deliver(input)
            return .none
        }
        if demand == .none || requestingInner {
            bufferedValues.append(input)
            bufferedIndices.append(index)
            lock.unlock()
            return .none
        }
        demand -= 1
        lock.unlock()
        let more = deliver(input)
        if more > 0 { lock.withLock { demand += more } }
        return .max(1)
    }

    fileprivate func innerReceive(completion: Subscribers.Completion<Failure>, _ index: Int) {
        lock.lock()
        switch completion {
        case .finished:
            inners[index] = nil
            guard !finishIfDoneAndUnlock(), maxPublishers != .unlimited else { return }
            lock.lock()
            let upstream = self.upstream
            lock.unlock()
            upstream?.request(.max(1))
        case .failure:
            guard !cancelledOrCompleted else { return lock.unlock() }
            cancelledOrCompleted = true
            let others = inners.takeAll(except: index)
            lock.unlock()
            for other in others { other.cancel() }
            deliver(completion)
        }
    }

    // MARK: Helpers

    /// Finishes the downstream when nothing is left to deliver: upstream and every inner
    /// publisher finished, nothing buffered. Entered with the lock held; leaves it released.
    @discardableResult
    private func finishIfDoneAndUnlock() -> Bool {
        guard !cancelledOrCompleted, upstreamFinished, bufferedValues.isEmpty, inners.isEmpty,
            pendingInnerSubscriptions == 0
        else {
            lock.unlock()
            return false
        }
        cancelledOrCompleted = true
        lock.unlock()
        deliver(Subscribers.Completion<Failure>.finished)
        return true
    }

    private func deliver(_ value: Downstream.Input) -> Subscribers.Demand {
        deliveryLock.lock()
        lock.withLock { delivering = true }
        let more = downstream.receive(value)
        lock.withLock { delivering = false }
        deliveryLock.unlock()
        return more
    }

    private func deliver(_ completion: Subscribers.Completion<Failure>) {
        deliveryLock.lock()
        downstream.receive(completion: completion)
        deliveryLock.unlock()
    }

    /// An inner publisher's subscriber, tagged with its index.
    struct InnerSubscriber: Subscriber, CombineReflectable {
        typealias Input = NewPublisher.Output
        typealias Failure = NewPublisher.Failure

        let combineIdentifier = CombineIdentifier()
        let owner: FlatMapSubscription
        let index: Int

        var description: String { "FlatMap" }
        var reflectedParts: [(label: String, value: Any)] { [("parentSubscription", owner.combineIdentifier)] }

        func receive(subscription: any Subscription) { owner.innerReceive(subscription: subscription, index) }
        func receive(_ input: Input) -> Subscribers.Demand { owner.innerReceive(input, index) }
        func receive(completion: Subscribers.Completion<Failure>) { owner.innerReceive(completion: completion, index) }
    }
}

/// FlatMap's live inner subscriptions by index: the first in a slot of its own (the common
/// case of one inner publisher at a time allocates nothing), others in a dictionary made when
/// needed. Not generic, so it costs no metadata lookups in unspecialised code.
private struct InnerSubscriptions {
    private var firstIndex = -1
    private var first: (any Subscription)?
    private var others: [Int: any Subscription]?

    var isEmpty: Bool { first == nil && (others?.isEmpty ?? true) }

    /// Every live subscription, the slot's first.
    var all: [any Subscription] {
        var result: [any Subscription] = []
        if let first { result.append(first) }
        if let others { result.append(contentsOf: others.values) }
        return result
    }

    subscript(index: Int) -> (any Subscription)? {
        get {
            if index == firstIndex, let first { return first }
            return others?[index]
        }
        set {
            if let newValue {
                if first == nil || index == firstIndex {
                    firstIndex = index
                    first = newValue
                } else {
                    others = others ?? [:]
                    others![index] = newValue
                }
            } else if index == firstIndex {
                first = nil
                firstIndex = -1
            } else {
                others?[index] = nil
            }
        }
    }

    /// Removes and returns every live subscription but the one at `excluded`.
    mutating func takeAll(except excluded: Int? = nil) -> [any Subscription] {
        var taken: [any Subscription] = []
        if let first, firstIndex != excluded { taken.append(first) }
        if let others { taken.append(contentsOf: others.filter { $0.key != excluded }.values) }
        self = InnerSubscriptions()
        return taken
    }
}
