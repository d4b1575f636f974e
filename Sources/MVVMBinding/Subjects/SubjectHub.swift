/// The shared engine of the subjects and of `@Published`: the subscriber list, the optional
/// current value, the completion and the upstream subscriptions.
///
/// Delivery happens outside the lock on a snapshot of the conduits, so a subscriber may send,
/// subscribe or cancel from inside `receive(_:)` without deadlocking.
final class SubjectHub<Output, Failure: Error>: SubjectConduitParent, @unchecked Sendable {
    private let lock = Lock()
    private let replaysCurrentValue: Bool
    private var conduits: [SubjectConduit<Output, Failure>] = []
    private var completion: Subscribers.Completion<Failure>?
    private var upstreams: [any Subscription] = []
    private var storedValue: Output?

    init(replaysCurrentValue: Bool, initialValue: Output? = nil) {
        self.replaysCurrentValue = replaysCurrentValue
        self.storedValue = initialValue
    }

    deinit {
        for upstream in upstreams { upstream.cancel() }
    }

    var currentValue: Output? { lock.withLock { storedValue } }

    /// Whether any subscriber is attached; lets `@Published` skip work nobody observes.
    var hasSubscribers: Bool { lock.withLock { !conduits.isEmpty } }

    func send(_ value: Output) {
        lock.lock()
        guard completion == nil else { return lock.unlock() }
        if replaysCurrentValue { storedValue = value }
        let targets = conduits
        lock.unlock()
        for conduit in targets { conduit.offer(value) }
    }

    /// Sends `value` to subscribers first and stores it only afterwards: `@Published`'s
    /// willSet order, where a subscriber reading the property still sees the old value.
    func sendThenStore(_ value: Output) {
        lock.lock()
        guard completion == nil else {
            storedValue = value
            return lock.unlock()
        }
        let targets = conduits
        lock.unlock()
        for conduit in targets { conduit.offer(value) }
        lock.withLock { storedValue = value }
    }

    func send(completion newCompletion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard completion == nil else { return lock.unlock() }
        completion = newCompletion
        let targets = conduits
        conduits.removeAll()
        upstreams.removeAll()
        lock.unlock()
        for conduit in targets { conduit.finish(newCompletion) }
    }

    func send(subscription: any Subscription) {
        lock.withLock { upstreams.append(subscription) }
        subscription.request(.unlimited)
    }

    func attach<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        if let completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = TypedSubjectConduit(parent: self, downstream: subscriber, replaysCurrentValue: replaysCurrentValue)
        conduits.append(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
    }

    func detach(_ conduit: SubjectConduit<Output, Failure>) {
        lock.withLock {
            if let index = conduits.firstIndex(where: { $0 === conduit }) { conduits.remove(at: index) }
        }
    }

    func currentValueForNewDemand() -> Output? {
        lock.withLock { storedValue }
    }
}
