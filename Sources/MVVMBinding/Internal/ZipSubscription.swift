/// The engine of `Zip` and `Zip3`: buffers each upstream's values and emits a tuple of the
/// oldest unpaired value of every upstream as soon as each has one.
///
/// Demand passes through: whatever the downstream requests is requested from every upstream,
/// so each buffer holds at most what was asked for. The zip finishes when an upstream has
/// finished and has no buffered value left to pair (no further tuple is possible), after
/// delivering the tuples already formed; it fails with the first failure. Either way the
/// other upstreams are cancelled.
final class ZipSubscription<Downstream: Subscriber>: FanInSubscription<Downstream>, @unchecked Sendable {
    /// One upstream's slot. Its state is guarded by the owning zip's lock.
    class Side {
        let index: Int
        var subscription: (any Subscription)?
        var isFinished = false

        init(index: Int) { self.index = index }

        var hasValues: Bool { fatalError("abstract") }
        func removeAllValues() { fatalError("abstract") }
    }

    /// A slot holding values of one upstream's output type.
    final class TypedSide<Value>: Side {
        private var values = ValueQueue<Value>()

        override var hasValues: Bool { !values.isEmpty }
        override func removeAllValues() { values.removeAll() }

        func append(_ value: Value) { values.append(value) }

        /// The oldest value; call only when `hasValues`.
        func takeOldest() -> Value { values.popFirst()! }
    }

    /// The subscriber attached to one upstream.
    struct Member<Value>: Subscriber, CustomStringConvertible {
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

    private let sides: [Side]
    /// Takes the oldest value of every side; called only when all have one.
    private let makeTuple: () -> Output

    // Guarded by `lock`.
    private var tuples = ValueQueue<Output>()
    /// Everything the downstream has requested so far, for upstreams that subscribe late.
    private var requestedSoFar = Subscribers.Demand.none

    init(downstream: Downstream, description: String, sides: [Side], makeTuple: @escaping () -> Output) {
        self.sides = sides
        self.makeTuple = makeTuple
        super.init(downstream: downstream, description: description)
    }

    func subscriber<Value>(for side: TypedSide<Value>) -> Member<Value> {
        Member(zip: self, side: side)
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
        side.append(value)
        while sides.allSatisfy(\.hasValues) {
            tuples.append(makeTuple())
        }
        finishIfExhaustedLocked()
        return drainAndUnlock(returningDemandFor: side.index)
    }

    func side(_ side: Side, received completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminated, !side.isFinished else { return lock.unlock() }
        side.isFinished = true
        side.subscription = nil
        switch completion {
        case .failure(let error): failLocked(error)
        case .finished: finishIfExhaustedLocked()
        }
        _ = drainAndUnlock()
    }

    private func finishIfExhaustedLocked() {
        if sides.contains(where: { $0.isFinished && !$0.hasValues }) { finishLocked() }
    }

    // MARK: - FanInSubscription hooks

    override func dequeueLocked() -> Output? { tuples.popFirst() }

    override var hasBufferedValuesLocked: Bool { !tuples.isEmpty }

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
        for side in sides { side.removeAllValues() }
    }
}
