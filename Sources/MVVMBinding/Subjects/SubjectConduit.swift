/// One subscriber's link to a subject: tracks that subscriber's demand and delivers to it.
///
/// A subject keeps an array of conduits and delivers outside its own lock, so a subscriber
/// may send to the subject, subscribe or cancel from inside `receive(_:)`.
class SubjectConduit<Output, Failure: Error>: Subscription, @unchecked Sendable {
    func offer(_ value: Output) { fatalError("abstract") }
    func finish(_ completion: Subscribers.Completion<Failure>) { fatalError("abstract") }
    func request(_ demand: Subscribers.Demand) { fatalError("abstract") }
    func cancel() { fatalError("abstract") }
}

/// The owner of a set of conduits: a subject, told when a conduit is cancelled.
protocol SubjectConduitParent<Output, Failure>: AnyObject {
    associatedtype Output
    associatedtype Failure: Error
    func detach(_ conduit: SubjectConduit<Output, Failure>)
    /// The value a newly demanding subscriber should receive first, if any (CurrentValueSubject).
    func currentValueForNewDemand() -> Output?
}

/// A conduit for one concrete subscriber type, so delivery is a direct, not a boxed, call.
final class TypedSubjectConduit<Parent: SubjectConduitParent, Downstream: Subscriber>:
    SubjectConduit<Parent.Output, Parent.Failure>, @unchecked Sendable
where Downstream.Input == Parent.Output, Downstream.Failure == Parent.Failure {
    typealias Output = Parent.Output
    typealias Failure = Parent.Failure

    private let lock = Lock()
    private var parent: Parent?
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    // CurrentValueSubject semantics: the latest value offered while demand was zero is kept and
    // delivered on the next request; a fresh subscriber first gets the current value.
    private var pending: Output?
    private var needsCurrentValue: Bool
    private let replays: Bool

    init(parent: Parent, downstream: Downstream, replaysCurrentValue: Bool) {
        self.parent = parent
        self.downstream = downstream
        self.replays = replaysCurrentValue
        self.needsCurrentValue = replaysCurrentValue
    }

    override func offer(_ value: Output) {
        lock.lock()
        guard let downstream else { return lock.unlock() }
        guard demand > 0 else {
            if replays { pending = value; needsCurrentValue = false }
            return lock.unlock()
        }
        demand -= 1
        needsCurrentValue = false
        pending = nil
        lock.unlock()
        let more = downstream.receive(value)
        if more > 0 { lock.withLock { demand += more } }
    }

    override func finish(_ completion: Subscribers.Completion<Failure>) {
        let target: Downstream? = lock.withLock {
            defer { downstream = nil; parent = nil; pending = nil }
            return downstream
        }
        target?.receive(completion: completion)
    }

    override func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "demand must be greater than zero")
        lock.lock()
        guard let downstream, let parent else { return lock.unlock() }
        demand += newDemand
        var first: Output? = nil
        if let value = pending {
            first = value
            pending = nil
        } else if needsCurrentValue {
            needsCurrentValue = false
            lock.unlock()
            first = parent.currentValueForNewDemand()
            lock.lock()
        }
        guard let value = first, demand > 0 else { return lock.unlock() }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(value)
        if more > 0 { lock.withLock { demand += more } }
    }

    override func cancel() {
        let owner: Parent? = lock.withLock {
            defer { downstream = nil; parent = nil; pending = nil }
            return parent
        }
        owner?.detach(self)
    }
}
