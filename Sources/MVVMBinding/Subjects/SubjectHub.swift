import Synchronization

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
final class SubjectHub<Output, Failure: Error>: CustomStringConvertible, @unchecked Sendable {
    /// Guards the hub's state, the value slot included.
    @usableFromInline let lock = Lock()
    private let replaysCurrentValue: Bool
    /// Every element is a `SubjectConduit<Output, Failure>`.
    @usableFromInline @exclusivity(unchecked) var conduits: [AnyObject] = []
    @usableFromInline @exclusivity(unchecked) var isCompleted = false
    private var completion: Subscribers.Completion<Failure>?
    private var upstreams: [any Subscription] = []
    /// Which subject this is, for what each subscriber's subscription prints.
    let kind: SubjectKind

    /// The subject's type as a subscription's mirror shows it: "PassthroughSubject<Int, Never>".
    @usableFromInline var description: String { "\(kind.subscriptionName)<\(Output.self), \(Failure.self)>" }
    /// PassthroughSubject's rule in Combine: an upstream the subject is subscribed to is asked
    /// for `.unlimited` only once some subscriber has made a request (a CurrentValueSubject
    /// asks at once). Until then the upstream is asked for nothing.
    private let waitsForDownstreamDemand: Bool
    private var hasDownstreamDemand = false
    /// `hasDownstreamDemand`, readable without the lock once set.
    private let demandSeen = Atomic<Bool>(false)
    /// The current value of a replaying hub (CurrentValueSubject, @Published); nil otherwise.
    @usableFromInline let valueSlot: UnsafeMutablePointer<Output>?
    /// Where a replaying hub without a slot (`@Published`'s, whose value its storage keeps)
    /// reads the current value; nil when the storage is gone.
    private let currentValueReader: (@Sendable () -> Output?)?

    /// - Parameters:
    ///   - kind: which subject this is, for what a subscriber's subscription prints.
    ///   - waitsForDownstreamDemand: whether upstreams are asked for values only after the
    ///     first request of a subscriber.
    init(
        replaysCurrentValue: Bool, initialValue: Output? = nil, kind: SubjectKind,
        waitsForDownstreamDemand: Bool = false
    ) {
        self.replaysCurrentValue = replaysCurrentValue
        self.kind = kind
        self.waitsForDownstreamDemand = waitsForDownstreamDemand
        currentValueReader = nil
        if let initialValue {
            let slot = UnsafeMutablePointer<Output>.allocate(capacity: 1)
            slot.initialize(to: initialValue)
            valueSlot = slot
        } else {
            precondition(!replaysCurrentValue, "a replaying hub needs an initial value")
            valueSlot = nil
        }
    }

    /// A replaying hub whose current value is kept elsewhere (`@Published`'s storage) and read
    /// through `currentValue` when a new subscriber first demands.
    init(currentValue: @escaping @Sendable () -> Output?) {
        replaysCurrentValue = true
        kind = .publishedSubject
        waitsForDownstreamDemand = false
        currentValueReader = currentValue
        valueSlot = nil
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
        guard valueSlot != nil else { return currentValueReader?() }
        return value
    }

    /// Whether any subscriber is attached; lets `@Published` skip work nobody observes.
    @usableFromInline var hasSubscribers: Bool { lock.withLock { !conduits.isEmpty } }

    /// Stores `value` (replaying hubs), then delivers it: CurrentValueSubject's order.
    ///
    /// - Parameter storingAfterCompletion: store the value even when the hub has completed
    ///   (`CurrentValueSubject.value`'s setter); delivered only before completion either way.
    func send(_ value: Output, storingAfterCompletion: Bool = false) {
        lock.lock()
        guard !isCompleted else {
            if storingAfterCompletion { valueSlot?.pointee = value }
            return lock.unlock()
        }
        valueSlot?.pointee = value
        deliverAndUnlock(value)
    }

    /// Delivers `value` to the current subscribers without storing it: `@Published`'s
    /// willSet delivery (its storage stores the value afterwards).
    @usableFromInline
    func deliver(_ value: Output) {
        lock.lock()
        guard !isCompleted && !conduits.isEmpty else { return lock.unlock() }
        deliverAndUnlock(value)
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
        let asks = !waitsForDownstreamDemand || hasDownstreamDemand
        lock.unlock()
        // A completed subject has nothing to publish: let the upstream stop at once.
        guard accepted else { return subscription.cancel() }
        if asks { subscription.request(.unlimited) }
    }

    /// Called by a conduit after its subscriber's request: the first one, on a hub that waits
    /// for it, asks every upstream for `.unlimited`.
    func downstreamDidDemand() {
        // After the first request this is one atomic load: a subscriber asking `.max(1)` at a
        // time (an async iterator) pays no lock for it.
        guard waitsForDownstreamDemand, !demandSeen.load(ordering: .acquiring) else { return }
        lock.lock()
        guard !hasDownstreamDemand else { return lock.unlock() }
        hasDownstreamDemand = true
        demandSeen.store(true, ordering: .releasing)
        let targets = upstreams
        lock.unlock()
        for upstream in targets { upstream.request(.unlimited) }
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

/// Which subject a hub serves. Its subscriptions print the name Combine gives them, computed
/// when asked, so no string is stored per subscription.
enum SubjectKind: UInt8 {
    case passthroughSubject
    case currentValueSubject
    case publishedSubject
    case observableObjectPublisher

    var subscriptionName: String {
        switch self {
        case .passthroughSubject: return "PassthroughSubject"
        case .currentValueSubject: return "CurrentValueSubject"
        case .publishedSubject: return "PublishedSubject"
        case .observableObjectPublisher: return "ObservableObjectPublisher"
        }
    }
}
