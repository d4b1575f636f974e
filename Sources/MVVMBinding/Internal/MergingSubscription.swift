/// The engine of `Merge`, `Merge3` … `Merge8` and `MergeMany`: relays the values of several
/// upstreams (its sources) to one downstream in arrival order, honouring the downstream's
/// demand across all of them.
///
/// Demand: while the downstream's demand is unlimited every source is asked for unlimited
/// values. Otherwise each source has at most one request of `.max(1)` outstanding and at most
/// one value waiting, and is asked again only when its value went out and demand remains, so
/// a slow downstream holds back every source with bounded buffering.
///
/// The merge finishes once every source finished, and fails with the first failure,
/// cancelling the other sources.
///
/// Performance: a value that finds nothing queued ahead of it and demand outstanding goes
/// straight to the downstream; only values that must wait are queued. Sources live in an
/// array of slots, each tagged with a generation so that a stale tag is recognised.
final class MergingSubscription<Downstream: Subscriber>: FanInSubscription<Downstream>, @unchecked Sendable {
    /// The subscriber attached to one source; forwards its events to the merge.
    struct Source: Subscriber, CombineReflectable {
        typealias Input = Downstream.Input
        typealias Failure = Downstream.Failure

        let combineIdentifier = CombineIdentifier()
        let merge: MergingSubscription<Downstream>
        let tag: MergeSourceTag

        var description: String { merge.description }

        func receive(subscription: any Subscription) { merge.source(tag, received: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { merge.source(tag, received: input) }
        func receive(completion: Subscribers.Completion<Failure>) { merge.source(tag, received: completion) }
    }

    // All guarded by `lock`.
    @exclusivity(unchecked) private var slots: [MergeSourceSlot] = []
    /// The first slot of a finished source, for reuse, or -1.
    @exclusivity(unchecked) private var firstFreeSlot = -1
    @exclusivity(unchecked) private var liveSourceCount = 0
    /// Values waiting for demand, and beside each the source it came from.
    @exclusivity(unchecked) private var queuedValues = ValueQueue<Output>()
    @exclusivity(unchecked) private var queuedTags = ValueQueue<MergeSourceTag>()
    @exclusivity(unchecked) private var requestsUnlimited = false

    /// - Parameter sourceCount: the sources, in slots `0..<sourceCount`.
    init(downstream: Downstream, description: String, sourceCount: Int) {
        super.init(downstream: downstream, description: description)
        slots.reserveCapacity(sourceCount)
        for _ in 0..<sourceCount { _ = addSourceLocked() }
    }

    /// The subscriber for the source in slot `index` of those known at creation.
    final func subscriber(forSource index: Int) -> Source {
        subscriber(for: MergeSourceTag(slot: index, generation: 0))
    }

    /// The subscriber for the source `tag` names.
    private func subscriber(for tag: MergeSourceTag) -> Source {
        Source(merge: self, tag: tag)
    }

    /// Finishes at once when there is nothing to merge (an empty `MergeMany`). Call after
    /// `sendSubscriptionDownstream()`.
    final func finishIfNoSources() {
        lock.lock()
        finishIfDoneLocked()
        _ = drainAndUnlock()
    }

    /// Registers a new source and returns its tag (for `subscriber(for:)`), or `nil` once the
    /// merge has ended.
    private func addSourceLocked() -> MergeSourceTag? {
        guard !isTerminated else { return nil }
        let index: Int
        if firstFreeSlot >= 0 {
            index = firstFreeSlot
            firstFreeSlot = slots[index].nextFree
            slots[index].generation += 1
        } else {
            index = slots.count
            slots.append(MergeSourceSlot())
        }
        slots[index].isLive = true
        liveSourceCount += 1
        return MergeSourceTag(slot: index, generation: slots[index].generation)
    }

    private func finishIfDoneLocked() {
        if liveSourceCount == 0 { finishLocked() }
    }

    /// Whether `tag` names a source that still holds its slot.
    private func isLiveLocked(_ tag: MergeSourceTag) -> Bool {
        tag.slot < slots.count && slots[tag.slot].isLive && slots[tag.slot].generation == tag.generation
    }

    /// Frees the slot of a source that completed or was cancelled.
    private func removeSourceLocked(_ slot: Int) {
        slots[slot].isLive = false
        slots[slot].subscription = nil
        slots[slot].isAwaitingValue = false
        liveSourceCount -= 1
        slots[slot].nextFree = firstFreeSlot
        firstFreeSlot = slot
    }

    // MARK: - Source events

    final func source(_ tag: MergeSourceTag, received subscription: any Subscription) {
        lock.lock()
        guard !isTerminated, isLiveLocked(tag), slots[tag.slot].subscription == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        slots[tag.slot].subscription = subscription
        // With finite demand the idle hook asks the new source for its first value.
        if requestsUnlimited { scheduleRequestLocked(.unlimited, from: subscription, key: tag.slot) }
        _ = drainAndUnlock()
    }

    final func source(_ tag: MergeSourceTag, received value: Output) -> Subscribers.Demand {
        lock.lock()
        guard !isTerminated, isLiveLocked(tag) else {
            lock.unlock()
            return .none
        }
        slots[tag.slot].isAwaitingValue = false
        if queuedValues.isEmpty, mayDeliverDirectlyLocked {
            return deliverDirectlyAndUnlock(value, returningDemandFor: tag.slot)
        }
        slots[tag.slot].queuedCount += 1
        queuedValues.append(value)
        queuedTags.append(tag)
        return drainAndUnlock(returningDemandFor: tag.slot)
    }

    final func source(_ tag: MergeSourceTag, received completion: Subscribers.Completion<Failure>) {
        lock.lock()
        // Removed first, so a failing source is not cancelled along with the others.
        guard !isTerminated, isLiveLocked(tag) else { return lock.unlock() }
        removeSourceLocked(tag.slot)
        switch completion {
        case .failure(let error):
            failLocked(error)
        case .finished:
            finishIfDoneLocked()
        }
        _ = drainAndUnlock()
    }

    // MARK: - FanInSubscription hooks

    override func dequeueLocked() -> Output? {
        guard !queuedValues.isEmpty else { return nil }
        let tag = queuedTags.removeFirst()
        if isLiveLocked(tag) { slots[tag.slot].queuedCount -= 1 }
        return queuedValues.removeFirst()
    }

    override var hasBufferedValuesLocked: Bool { !queuedValues.isEmpty }

    override func demandDidIncreaseLocked(by added: Subscribers.Demand) {
        guard !requestsUnlimited, demand == .unlimited, !isTerminated else { return }
        requestsUnlimited = true
        for (index, slot) in slots.enumerated() where slot.isLive {
            if let subscription = slot.subscription {
                scheduleRequestLocked(.unlimited, from: subscription, key: index)
            }
        }
    }

    override func deliveryDidGoIdleLocked() {
        guard !isTerminated, !requestsUnlimited, demand > 0 else { return }
        for index in slots.indices where slots[index].isLive {
            guard let subscription = slots[index].subscription, !slots[index].isAwaitingValue,
                slots[index].queuedCount == 0
            else { continue }
            slots[index].isAwaitingValue = true
            scheduleRequestLocked(.max(1), from: subscription, key: index)
        }
    }

    override func cancelUpstreamsLocked() {
        for index in slots.indices where slots[index].isLive {
            if let subscription = slots[index].subscription { scheduleCancelLocked(subscription) }
            removeSourceLocked(index)
        }
    }

    override func discardBufferedValuesLocked() {
        queuedValues.removeAll()
        queuedTags.removeAll()
        for index in slots.indices { slots[index].queuedCount = 0 }
    }
}
