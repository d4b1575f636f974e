/// The engine of `Merge`, `Merge3`, `MergeMany` and `FlatMap`: relays the values of several
/// upstreams (its sources) to one downstream in arrival order, honouring the downstream's
/// demand across all of them.
///
/// Demand: while the downstream's demand is unlimited every source is asked for unlimited
/// values. Otherwise each source has at most one request of `.max(1)` outstanding and at most
/// one value waiting, and is asked again only when its value went out and demand remains, so
/// a slow downstream holds back every source with bounded buffering.
///
/// The merge finishes once every source finished and no more can be added (`FlatMap` adds a
/// source per upstream value), and fails with the first failure, cancelling the other sources.
class MergingSubscription<Downstream: Subscriber>: FanInSubscription<Downstream>, @unchecked Sendable {
    /// The subscriber attached to one source; forwards its events to the merge.
    struct Source: Subscriber, CombineReflectable {
        typealias Input = Downstream.Input
        typealias Failure = Downstream.Failure

        let combineIdentifier = CombineIdentifier()
        let merge: MergingSubscription<Downstream>
        let key: Int

        var description: String { merge.description }

        func receive(subscription: any Subscription) { merge.source(key, received: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { merge.source(key, received: input) }
        func receive(completion: Subscribers.Completion<Failure>) { merge.source(key, received: completion) }
    }

    private struct SourceState {
        var subscription: (any Subscription)?
        /// A `.max(1)` request is outstanding.
        var isAwaitingValue = false
        /// Values from this source waiting in `queue`.
        var queuedCount = 0
    }

    // All guarded by `lock`.
    private var sources: [Int: SourceState] = [:]
    private var nextKey = 0
    private var queue = ValueQueue<(key: Int, value: Output)>()
    private var requestsUnlimited = false
    private var acceptsNewSources: Bool

    /// - Parameters:
    ///   - sourceCount: the sources known now, keyed `0..<sourceCount`.
    ///   - acceptsNewSources: whether `addSourceLocked()` will add more later; the merge
    ///     cannot finish until `stopAcceptingSourcesLocked()` is called.
    init(downstream: Downstream, description: String, sourceCount: Int, acceptsNewSources: Bool = false) {
        self.acceptsNewSources = acceptsNewSources
        super.init(downstream: downstream, description: description)
        for _ in 0..<sourceCount { _ = addSourceLocked() }
    }

    /// The subscriber for the source `key`.
    final func subscriber(forSource key: Int) -> Source {
        Source(merge: self, key: key)
    }

    /// Finishes at once when there is nothing to merge (an empty `MergeMany`). Call after
    /// `sendSubscriptionDownstream()`.
    final func finishIfNoSources() {
        lock.lock()
        finishIfDoneLocked()
        _ = drainAndUnlock()
    }

    // MARK: - For FlatMap

    /// Registers a new source and returns its key, or `nil` once the merge has ended.
    final func addSourceLocked() -> Int? {
        guard !isTerminated else { return nil }
        let key = nextKey
        nextKey += 1
        sources[key] = SourceState()
        return key
    }

    /// No more sources will be added; the merge finishes when the current ones have.
    final func stopAcceptingSourcesLocked() {
        acceptsNewSources = false
        finishIfDoneLocked()
    }

    /// A source finished normally (it has already been removed).
    func sourceDidFinishLocked() {}

    private func finishIfDoneLocked() {
        if !acceptsNewSources, sources.isEmpty { finishLocked() }
    }

    // MARK: - Source events

    final func source(_ key: Int, received subscription: any Subscription) {
        lock.lock()
        guard !isTerminated, var source = sources[key], source.subscription == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        source.subscription = subscription
        sources[key] = source
        // With finite demand the idle hook asks the new source for its first value.
        if requestsUnlimited { scheduleRequestLocked(.unlimited, from: subscription, key: key) }
        _ = drainAndUnlock()
    }

    final func source(_ key: Int, received value: Output) -> Subscribers.Demand {
        lock.lock()
        guard !isTerminated, sources[key] != nil else {
            lock.unlock()
            return .none
        }
        sources[key]!.isAwaitingValue = false
        sources[key]!.queuedCount += 1
        queue.append((key, value))
        return drainAndUnlock(returningDemandFor: key)
    }

    final func source(_ key: Int, received completion: Subscribers.Completion<Failure>) {
        lock.lock()
        // Removed first, so a failing source is not cancelled along with the others.
        guard !isTerminated, sources.removeValue(forKey: key) != nil else { return lock.unlock() }
        switch completion {
        case .failure(let error):
            failLocked(error)
        case .finished:
            sourceDidFinishLocked()
            finishIfDoneLocked()
        }
        _ = drainAndUnlock()
    }

    // MARK: - FanInSubscription hooks

    override func dequeueLocked() -> Output? {
        guard let (key, value) = queue.popFirst() else { return nil }
        sources[key]?.queuedCount -= 1
        return value
    }

    override var hasBufferedValuesLocked: Bool { !queue.isEmpty }

    override func demandDidIncreaseLocked(by added: Subscribers.Demand) {
        guard !requestsUnlimited, demand == .unlimited, !isTerminated else { return }
        requestsUnlimited = true
        for (key, source) in sources {
            if let subscription = source.subscription {
                scheduleRequestLocked(.unlimited, from: subscription, key: key)
            }
        }
    }

    override func deliveryDidGoIdleLocked() {
        guard !isTerminated, !requestsUnlimited, demand > 0 else { return }
        for (key, source) in sources {
            guard let subscription = source.subscription, !source.isAwaitingValue, source.queuedCount == 0 else {
                continue
            }
            sources[key]!.isAwaitingValue = true
            scheduleRequestLocked(.max(1), from: subscription, key: key)
        }
    }

    override func cancelUpstreamsLocked() {
        for source in sources.values {
            if let subscription = source.subscription { scheduleCancelLocked(subscription) }
        }
        sources.removeAll()
    }

    override func discardBufferedValuesLocked() {
        queue.removeAll()
    }
}
