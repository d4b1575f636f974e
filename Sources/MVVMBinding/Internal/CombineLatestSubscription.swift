/// The engine of `CombineLatest` and `CombineLatest3`: remembers the latest value of each
/// upstream and, once every upstream has produced one, emits the tuple of latest values
/// whenever any of them changes.
///
/// Demand passes through to every upstream, as in Combine. When a change arrives while the
/// downstream has no demand left, only the newest combination is kept (a buffer of one per
/// upstream) and delivered on the next request. The stream finishes when every upstream has
/// finished and fails with the first failure, cancelling the others.
final class CombineLatestSubscription<Downstream: Subscriber>: FanInSubscription<Downstream>, @unchecked Sendable {
    /// One upstream's slot. Its state is guarded by the owning subscription's lock.
    class Side {
        let index: Int
        var subscription: (any Subscription)?
        var isFinished = false

        init(index: Int) { self.index = index }

        var hasValue: Bool { fatalError("abstract") }
        func removeValue() { fatalError("abstract") }
    }

    /// A slot holding the latest value of one upstream's output type.
    final class TypedSide<Value>: Side {
        private var latest: Value?

        override var hasValue: Bool { latest != nil }
        override func removeValue() { latest = nil }

        func store(_ value: Value) { latest = value }

        /// The latest value; call only when `hasValue`.
        var value: Value { latest! }
    }

    /// The subscriber attached to one upstream.
    struct Member<Value>: Subscriber, CustomStringConvertible {
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

    private let sides: [Side]
    /// Builds the tuple of latest values; called only when every side has one.
    private let makeTuple: () -> Output

    // Guarded by `lock`.
    /// Combinations formed while the downstream had demand, waiting for the deliverer.
    private var tuples = ValueQueue<Output>()
    /// A change arrived beyond the downstream's demand: the combination of the latest values
    /// is owed on the next request.
    private var owesLatest = false
    /// Everything the downstream has requested so far, for upstreams that subscribe late.
    private var requestedSoFar = Subscribers.Demand.none

    init(downstream: Downstream, description: String, sides: [Side], makeTuple: @escaping () -> Output) {
        self.sides = sides
        self.makeTuple = makeTuple
        super.init(downstream: downstream, description: description)
    }

    func subscriber<Value>(for side: TypedSide<Value>) -> Member<Value> {
        Member(owner: self, side: side)
    }

    // MARK: - Upstream events

    func side(_ side: Side, received subscription: any Subscription) {
        lock.lock()
        guard !isTerminated, side.subscription == nil, !side.isFinished else {
            lock.unlock()
            subscription.cancel()
            return
        }
        side.subscription = subscription
        if requestedSoFar > 0 { scheduleRequestLocked(requestedSoFar, from: subscription, key: side.index) }
        _ = drainAndUnlock()
    }

    func side<Value>(_ side: TypedSide<Value>, received value: Value) -> Subscribers.Demand {
        lock.lock()
        guard !isTerminated, !side.isFinished else {
            lock.unlock()
            return .none
        }
        side.store(value)
        if sides.allSatisfy(\.hasValue) {
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

    func side(_ side: Side, received completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminated, !side.isFinished else { return lock.unlock() }
        side.isFinished = true
        side.subscription = nil
        switch completion {
        case .failure(let error):
            failLocked(error)
        case .finished:
            if sides.allSatisfy(\.isFinished) { finishLocked() }
        }
        _ = drainAndUnlock()
    }

    // MARK: - FanInSubscription hooks

    override func dequeueLocked() -> Output? {
        if let tuple = tuples.popFirst() { return tuple }
        guard owesLatest else { return nil }
        owesLatest = false
        return makeTuple()
    }

    override var hasBufferedValuesLocked: Bool { !tuples.isEmpty || owesLatest }

    override func demandDidIncreaseLocked(by added: Subscribers.Demand) {
        requestedSoFar += added
        guard !isTerminated else { return }
        for side in sides {
            if let subscription = side.subscription {
                scheduleRequestLocked(added, from: subscription, key: side.index)
            }
        }
    }

    override func cancelUpstreamsLocked() {
        for side in sides {
            if let subscription = side.subscription { scheduleCancelLocked(subscription) }
            side.subscription = nil
        }
    }

    override func discardBufferedValuesLocked() {
        tuples.removeAll()
        owesLatest = false
        for side in sides { side.removeValue() }
    }
}
