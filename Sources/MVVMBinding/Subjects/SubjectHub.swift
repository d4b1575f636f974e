/// The shared engine of the subjects and of `@Published`: the subscriber list, the optional
/// current value, the completion and the upstream subscriptions.
///
/// Delivery happens outside the lock on a snapshot of the conduits, so a subscriber may send,
/// subscribe or cancel from inside `receive(_:)` without deadlocking.
///
/// Performance note: the per-value path avoids optionals and arrays of generic types (the
/// conduits are held as `AnyObject`, the value in a pointer slot), because unspecialised
/// generic code looks up metadata at run time for each of those. The state read per value is
/// `@exclusivity(unchecked)`: it is only touched under `lock` and never held `inout` across a
/// call, so the dynamic exclusivity check (~80 instructions an access) would guard nothing.
///
/// `sendThenStore` (every `@Published` assignment) is inlinable, so that it is specialised for
/// the property's type where it is assigned; what it touches is `@usableFromInline`.
@usableFromInline
final class SubjectHub<Output, Failure: Error>: @unchecked Sendable {
    /// Guards the hub's state, the value slot included.
    @usableFromInline let lock = Lock()
    private let replaysCurrentValue: Bool
    /// Every element is a `SubjectConduit<Output, Failure>`.
    @usableFromInline @exclusivity(unchecked) var conduits: [AnyObject] = []
    @usableFromInline @exclusivity(unchecked) var isCompleted = false
    private var completion: Subscribers.Completion<Failure>?
    private var upstreams: [any Subscription] = []
    /// The current value of a replaying hub (CurrentValueSubject, @Published); nil otherwise.
    @usableFromInline let valueSlot: UnsafeMutablePointer<Output>?
    /// `@Published`'s direct observers (see `PublishedObservation`), told after each store. The
    /// first is kept inline so that the usual single observer costs no array copy per value.
    @usableFromInline @exclusivity(unchecked) var firstObservation: PublishedObservation?
    @usableFromInline @exclusivity(unchecked) var moreObservations: [(id: UInt64, observation: PublishedObservation)] = []
    private var firstObservationID: UInt64 = 0
    private var nextObservationID: UInt64 = 1

    init(replaysCurrentValue: Bool, initialValue: Output? = nil) {
        self.replaysCurrentValue = replaysCurrentValue
        if let initialValue {
            let slot = UnsafeMutablePointer<Output>.allocate(capacity: 1)
            slot.initialize(to: initialValue)
            valueSlot = slot
        } else {
            precondition(!replaysCurrentValue, "a replaying hub needs an initial value")
            valueSlot = nil
        }
    }

    deinit {
        for upstream in upstreams { upstream.cancel() }
        if let valueSlot {
            valueSlot.deinitialize(count: 1)
            valueSlot.deallocate()
        }
    }

    @inline(__always)
    private func conduit(_ object: AnyObject) -> SubjectConduit<Output, Failure> {
        unsafeDowncast(object, to: SubjectConduit<Output, Failure>.self)
    }

    /// The current value; replaying hubs only.
    var value: Output {
        lock.lock()
        defer { lock.unlock() }
        return valueSlot!.pointee
    }

    /// The current value, or nil for a hub without one.
    var currentValue: Output? {
        guard valueSlot != nil else { return nil }
        return value
    }

    /// Whether any subscriber is attached; lets `@Published` skip work nobody observes.
    var hasSubscribers: Bool { lock.withLock { !conduits.isEmpty } }

    /// Stores `value` (replaying hubs), then delivers it: CurrentValueSubject's order.
    func send(_ value: Output) {
        lock.lock()
        guard !isCompleted else { return lock.unlock() }
        valueSlot?.pointee = value
        deliverAndUnlock(value)
    }

    /// Delivers `value` first and stores it only afterwards: `@Published`'s willSet order,
    /// where a subscriber reading the property still sees the old value. Direct observers are
    /// told last, once the value is stored. Replaying hubs only (`@Published`'s).
    ///
    /// `value` is taken owned and moved into the slot (no copy of its own); the value it
    /// replaces is moved out and released after unlocking, so that a deinit it triggers never
    /// runs under the lock (it may read or assign this very property).
    @inlinable
    func sendThenStore(_ value: __owned Output) {
        lock.lock()
        if !isCompleted && !conduits.isEmpty {
            deliverAndUnlock(value)
            lock.lock()
        }
        let slot = valueSlot.unsafelyUnwrapped
        let displaced = slot.move()
        slot.initialize(to: value)
        let first = firstObservation
        guard moreObservations.isEmpty else {
            let more = moreObservations
            lock.unlock()
            withExtendedLifetime(displaced) {}
            first?.run()
            for entry in more { entry.observation.run() }
            return
        }
        lock.unlock()
        withExtendedLifetime(displaced) {}
        first?.run()
    }

    /// `@Published`'s store when nothing is subscribed (see
    /// `Published.Storage.exchangeUnobserved(_:)`): with no subscriber and at most one direct
    /// observation, exchanges `value` with the current value under the lock and returns that
    /// observation; otherwise changes nothing. Calls nothing.
    @inlinable @inline(__always)
    func exchangeUnsubscribed(_ value: inout Output) -> UnobservedAssignment {
        lock.lock()
        guard conduits.isEmpty || isCompleted, moreObservations.isEmpty else {
            lock.unlock()
            return .declined
        }
        swap(&valueSlot.unsafelyUnwrapped.pointee, &value)
        let observation = firstObservation
        lock.unlock()
        return .stored(observation)
    }

    /// Adds a direct observer; returns the id that removes it.
    func addObservation(_ observation: PublishedObservation) -> UInt64 {
        lock.withLock {
            let id = nextObservationID
            nextObservationID += 1
            if firstObservation == nil {
                firstObservation = observation
                firstObservationID = id
            } else {
                moreObservations.append((id, observation))
            }
            return id
        }
    }

    func removeObservation(_ id: UInt64) {
        lock.withLock {
            // Ids start at 1, so the 0 left by an empty first slot never matches.
            if firstObservationID == id {
                firstObservation = nil
                firstObservationID = 0
                // Keep the single-observer fast path for whoever remains.
                if !moreObservations.isEmpty {
                    let promoted = moreObservations.removeFirst()
                    firstObservation = promoted.observation
                    firstObservationID = promoted.id
                }
            } else if let index = moreObservations.firstIndex(where: { $0.id == id }) {
                moreObservations.remove(at: index)
            }
        }
    }

    /// Delivers `value` to every conduit; called with the lock held, returns with it released.
    @usableFromInline
    func deliverAndUnlock(_ value: Output) {
        switch conduits.count {
        case 0:
            lock.unlock()
        case 1:
            let only = conduits[0]
            lock.unlock()
            conduit(only).offer(value)
        default:
            let targets = conduits
            lock.unlock()
            for target in targets { conduit(target).offer(value) }
        }
    }

    func send(completion newCompletion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isCompleted else { return lock.unlock() }
        isCompleted = true
        completion = newCompletion
        let targets = conduits
        conduits.removeAll()
        upstreams.removeAll()
        lock.unlock()
        for target in targets { conduit(target).finish(newCompletion) }
    }

    func send(subscription: any Subscription) {
        lock.lock()
        let accepted = !isCompleted
        if accepted { upstreams.append(subscription) }
        lock.unlock()
        // A completed subject has nothing to publish: let the upstream stop at once.
        guard accepted else { return subscription.cancel() }
        subscription.request(.unlimited)
    }

    func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        if isCompleted, let completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = SubjectConduit(hub: self, downstream: subscriber, replaysCurrentValue: replaysCurrentValue)
        conduits.append(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
    }

    func detach(_ conduit: SubjectConduit<Output, Failure>) {
        lock.lock()
        if let index = conduits.firstIndex(where: { $0 === conduit }) { conduits.remove(at: index) }
        lock.unlock()
    }
}
