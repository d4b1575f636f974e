/// The engine of `Zip` and `Zip3`: buffers each upstream's values and emits a tuple of the
/// oldest unpaired value of every upstream as soon as each has one.
///
/// Demand passes through: whatever the downstream requests is requested from every upstream,
/// so each buffer holds at most what was asked for. As Combine's, a tuple goes out as soon as
/// it is formed, even beyond the demand (an upstream that sends more than it was asked for
/// gets its surplus delivered), and a request the downstream makes while receiving a tuple
/// is returned to the upstream whose value completed it, not requested from it. The zip finishes when an upstream has
/// finished and has no buffered value left to pair (no further tuple is possible), after
/// delivering the tuples already formed; it fails with the first failure. Either way the
/// other upstreams are cancelled.
final class ZipSubscription<Downstream: Subscriber>: TupleSubscription<Downstream>, @unchecked Sendable {
    /// A slot holding values of one upstream's output type.
    typealias TypedSide<Value> = QueuedValuesSide<Value>

    /// The subscriber attached to one upstream.
    struct Member<Value>: Subscriber, CombineReflectable {
        typealias Input = Value
        typealias Failure = Downstream.Failure

        let combineIdentifier = CombineIdentifier()
        let zip: ZipSubscription<Downstream>
        let side: TypedSide<Value>

        var description: String { zip.description }

        func receive(subscription: any Subscription) { zip.side(side, received: subscription) }
        func receive(_ input: Value) -> Subscribers.Demand { zip.side(side, received: input) }
        func receive(completion: Subscribers.Completion<Failure>) { zip.side(side, received: completion) }
    }

    init(downstream: Downstream, description: String, sides: [TupleSide], makeTuple: @escaping () -> Output) {
        super.init(downstream: downstream, description: description, sides: sides, followsZipDemandRules: true, makeTuple: makeTuple)
    }

    func subscriber<Value>(for side: TypedSide<Value>) -> Member<Value> {
        Member(zip: self, side: side)
    }

    func side<Value>(_ side: TypedSide<Value>, received value: Value) -> Subscribers.Demand {
        lock.lock()
        guard !isTerminated, !side.isFinished else {
            lock.unlock()
            return .none
        }
        side.append(value)
        // With nothing queued ahead of it, a completed tuple goes straight out.
        if tuples.isEmpty, everySideHasValueLocked, mayDeliverDirectlyLocked {
            let tuple = makeTuple()
            finishIfExhaustedLocked()
            return deliverDirectlyAndUnlock(tuple, returningDemandFor: side.index)
        }
        while everySideHasValueLocked {
            tuples.append(makeTuple())
        }
        finishIfExhaustedLocked()
        return drainAndUnlock(returningDemandFor: side.index)
    }

    private func finishIfExhaustedLocked() {
        if sides.contains(where: { $0.isFinished && !$0.hasValue }) { finishLocked() }
    }

    // MARK: - TupleSubscription hooks

    override var cancelsFailedSide: Bool { true }

    override func sideDidFinishLocked() {
        finishIfExhaustedLocked()
    }
}
