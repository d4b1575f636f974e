/// The engine of `CombineLatest` and `CombineLatest3`: remembers the latest value of each
/// upstream and, once every upstream has produced one, emits the tuple of latest values
/// whenever any of them changes.
///
/// Demand passes through to every upstream, as in Combine. When a change arrives while the
/// downstream has no demand left, only the newest combination is kept (a buffer of one per
/// upstream) and delivered on the next request. The stream finishes when every upstream has
/// finished and fails with the first failure, cancelling the others.
final class CombineLatestSubscription<Downstream: Subscriber>: TupleSubscription<Downstream>, @unchecked Sendable {
    /// A slot holding the latest value of one upstream's output type.
    typealias TypedSide<Value> = LatestValueSide<Value>

    /// The subscriber attached to one upstream.
    struct Member<Value>: Subscriber, CombineReflectable {
        typealias Input = Value
        typealias Failure = Downstream.Failure

        let combineIdentifier = CombineIdentifier()
        let owner: CombineLatestSubscription<Downstream>
        let side: TypedSide<Value>

        var description: String { owner.description }

        func receive(subscription: any Subscription) { owner.side(side, received: subscription) }
        func receive(_ input: Value) -> Subscribers.Demand { owner.side(side, received: input) }
        func receive(completion: Subscribers.Completion<Failure>) { owner.side(side, received: completion) }
    }

    // Guarded by `lock`.
    /// A change arrived beyond the downstream's demand: the combination of the latest values
    /// is owed on the next request.
    @exclusivity(unchecked) private var owesLatest = false

    func subscriber<Value>(for side: TypedSide<Value>) -> Member<Value> {
        Member(owner: self, side: side)
    }

    func side<Value>(_ side: TypedSide<Value>, received value: Value) -> Subscribers.Demand {
        lock.lock()
        guard !isTerminated, !side.isFinished else {
            lock.unlock()
            return .none
        }
        side.store(value)
        if everySideHasValueLocked {
            // With nothing owed ahead of it, the combination goes straight out.
            if !owesLatest, tuples.isEmpty, mayDeliverDirectlyLocked {
                return deliverDirectlyAndUnlock(makeTuple(), returningDemandFor: side.index)
            }
            // Queue a combination only while demand covers it; otherwise coalesce into the
            // newest one, so a slow downstream sees the latest state rather than a backlog.
            if !owesLatest, demand > tuples.count {
                tuples.append(makeTuple())
            } else {
                owesLatest = true
            }
        }
        return drainAndUnlock(returningDemandFor: side.index)
    }

    // MARK: - TupleSubscription hooks

    override func sideDidFinishLocked() {
        if sides.allSatisfy({ $0.isFinished }) { finishLocked() }
    }

    override func dequeueLocked() -> Output? {
        if let tuple = tuples.popFirst() { return tuple }
        guard owesLatest else { return nil }
        owesLatest = false
        return makeTuple()
    }

    override var hasBufferedValuesLocked: Bool { !tuples.isEmpty || owesLatest }

    override func discardBufferedValuesLocked() {
        super.discardBufferedValuesLocked()
        owesLatest = false
    }
}
