/// One subscriber's link to a subject: tracks that subscriber's demand and delivers to it.
///
/// A subject keeps its conduits in a list and delivers outside its own lock, so a subscriber
/// may send to the subject, subscribe or cancel from inside `receive(_:)`.
///
/// Performance note: this class is generic over the subject's types only, not over the
/// subscriber's, and its per-value path touches no optional of a generic type. Unspecialised
/// generic code (what runs when another module uses a subject) pays a runtime metadata lookup
/// for every such optional; the subscriber is held as two closures instead, swapped for no-op
/// closures on cancel so the subscriber is released at once. The state is touched only under
/// `lock`, never `inout` across a call: `@exclusivity(unchecked)` drops the dynamic checks.
final class SubjectConduit<Output, Failure: Error>: Subscription, CombineReflectable, @unchecked Sendable {
    let combineIdentifier = CombineIdentifier()
    private let kind: SubjectKind

    private let lock = Lock()
    @exclusivity(unchecked) private var receiveValue: (Output) -> Subscribers.Demand
    @exclusivity(unchecked) private var receiveCompletion: (Subscribers.Completion<Failure>) -> Void
    @exclusivity(unchecked) private var isActive = true
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    /// The subject, kept alive by its subscribers as in Combine; cleared when the link ends.
    @exclusivity(unchecked) private var hub: SubjectHub<Output, Failure>?
    /// The subscriber, for the mirror only (the value path uses the closures); cleared with them.
    @exclusivity(unchecked) private var downstreamForMirror: Any?
    // CurrentValueSubject semantics: a fresh subscriber first gets the current value, and the
    // latest value offered while demand was zero is kept and delivered on the next request.
    private let replays: Bool
    @exclusivity(unchecked) private var needsCurrentValue: Bool
    @exclusivity(unchecked) private var hasPending = false
    @exclusivity(unchecked) private var pending: Output?

    init<Downstream: Subscriber>(hub: SubjectHub<Output, Failure>, downstream: Downstream, replaysCurrentValue: Bool)
    where Downstream.Input == Output, Downstream.Failure == Failure {
        self.hub = hub
        kind = hub.kind
        receiveValue = downstream.receive(_:)
        receiveCompletion = downstream.receive(completion:)
        downstreamForMirror = downstream
        replays = replaysCurrentValue
        needsCurrentValue = replaysCurrentValue
    }

    /// Drops the subscriber (its closures) so it is released; must be called under `lock`.
    private func endLink() {
        isActive = false
        receiveValue = { _ in .none }
        receiveCompletion = { _ in }
        hub = nil
        downstreamForMirror = nil
        if hasPending {
            hasPending = false
            pending = nil
        }
    }

    func offer(_ value: Output) {
        lock.lock()
        // The common case: an active link with demand and nothing buffered.
        let active = isActive
        let buffered = hasPending
        guard active, !buffered, demand > 0 else { return offerSlowly(value) }
        demand -= 1
        if needsCurrentValue { needsCurrentValue = false }
        let deliver = receiveValue
        lock.unlock()
        let more = deliver(value)
        if more > 0 { addDemand(more) }
    }

    /// `offer` when the link ended, has no demand, or holds a buffered value; called with
    /// the lock held.
    private func offerSlowly(_ value: Output) {
        guard isActive else { return lock.unlock() }
        guard demand > 0 else {
            if replays {
                pending = value
                hasPending = true
                needsCurrentValue = false
            }
            return lock.unlock()
        }
        demand -= 1
        needsCurrentValue = false
        hasPending = false
        pending = nil
        let deliver = receiveValue
        lock.unlock()
        let more = deliver(value)
        if more > 0 { addDemand(more) }
    }

    private func addDemand(_ more: Subscribers.Demand) {
        lock.lock()
        if isActive { demand += more }
        lock.unlock()
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard isActive else { return lock.unlock() }
        let deliver = receiveCompletion
        endLink()
        lock.unlock()
        deliver(completion)
    }

    func request(_ newDemand: Subscribers.Demand) {
        // An ObservableObjectPublisher's subscription, as Combine's, takes any request (even
        // zero) as a switch: from the first one on, every send is delivered, whatever the
        // demand.
        let activatesAll = kind == .observableObjectPublisher
        precondition(newDemand > 0 || activatesAll, "API Violation: demand must not be zero")
        lock.lock()
        guard isActive, let hub else { return lock.unlock() }
        demand = activatesAll ? .unlimited : demand + newDemand
        guard replays else {
            // Nothing is ever held for a subscriber of a non-replaying subject.
            lock.unlock()
            return hub.downstreamDidDemand()
        }
        var first: Output? = nil
        if hasPending {
            first = pending
            hasPending = false
            pending = nil
        } else if needsCurrentValue {
            needsCurrentValue = false
            lock.unlock()
            first = hub.currentValue
            lock.lock()
        }
        guard isActive, let value = first, demand > 0 else { return lock.unlock() }
        demand -= 1
        let deliver = receiveValue
        lock.unlock()
        let more = deliver(value)
        if more > 0 { addDemand(more) }
    }

    /// The subject's name, which Combine prints for its subscriptions.
    var description: String { kind.subscriptionName }

    /// As Combine's: parent, downstream, demand, subject (the subject twice, as it shows it);
    /// for an ObservableObjectPublisher, the downstream only.
    var reflectedParts: [(label: String, value: Any)] {
        lock.withLock {
            guard kind != .observableObjectPublisher else { return [("downstream", downstreamForMirror as Any)] }
            return [("parent", hub as Any), ("downstream", downstreamForMirror as Any), ("demand", demand), ("subject", hub as Any)]
        }
    }

    func cancel() {
        lock.lock()
        guard isActive else { return lock.unlock() }
        let owner = hub
        endLink()
        lock.unlock()
        owner?.detach(self)
    }
}
