extension Publishers {
    /// A publisher that emits the elements of a sequence, as many as requested, then finishes.
    ///
    /// Elements are pulled from the sequence's iterator lazily, one per unit of demand. It never
    /// fails; `Failure` lets it match the failure type of the publishers it is combined with.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element

        /// The elements to emit.
        public let sequence: Elements

        /// Creates a publisher for `sequence`.
        public init(sequence: Elements) {
            self.sequence = sequence
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            var iterator = sequence.makeIterator()
            guard let first = iterator.next() else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            subscriber.receive(
                subscription: SequenceSubscription(downstream: subscriber, sequence: sequence, first: first, rest: iterator))
        }
    }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}
extension Publishers.Sequence: Sendable where Elements: Sendable {}

extension Sequence {
    /// A publisher that emits this sequence's elements.
    public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}

/// Emits elements while there is demand, from one loop at a time.
///
/// A request made while the loop runs, from `receive(_:)` on the same thread or from another
/// thread, only adds demand for the running loop to serve. So re-entrant requests never recurse
/// and elements stay in order. The iterator is advanced outside the lock because it may run user
/// code (a lazy `map`); only the thread running the loop touches it.
///
/// Performance: the loop takes the lock once per element (to add the demand the element's
/// delivery returned and claim the next), advances the iterator where it is stored, and calls
/// the downstream it copied when the loop began. Per element it touches no optional of a
/// generic type beyond the one `next()` returns: in unspecialised code (what runs when another
/// module subscribes) each such access is a run-time metadata lookup.
///
/// It prints as Combine's does: the sequence while live, "Sequence" once finished or
/// cancelled. The sequence is kept for that only (never read on the value path). `Iterator` is
/// its own generic parameter rather than `Elements.Iterator`, so the per-element `next()`
/// needs no associated-conformance lookup in unspecialised code.
private final class SequenceSubscription<Downstream: Subscriber, Elements: Swift.Sequence, Iterator: IteratorProtocol>:
    Subscription, CombineReflectable, @unchecked Sendable
where Downstream.Input == Iterator.Element {
    private let lock = Lock()
    private let sequence: Elements
    // Guarded by `lock`, and never held `inout` across a call (hence no exclusivity checks).
    /// Released (set to nil) once finished or cancelled; read when a loop begins.
    private var downstream: Downstream?
    @exclusivity(unchecked) private var isLive = true
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    @exclusivity(unchecked) private var isEmitting = false
    /// The element to emit next, read ahead to detect the end; current while `isLive` and no
    /// loop runs.
    @exclusivity(unchecked) private var upcoming: Iterator.Element
    /// Advanced only by the running loop, outside the lock.
    @exclusivity(unchecked) private var iterator: Iterator

    init(downstream: Downstream, sequence: Elements, first: Iterator.Element, rest: Iterator) {
        self.downstream = downstream
        self.sequence = sequence
        self.upcoming = first
        self.iterator = rest
    }

    var description: String {
        lock.lock()
        let live = isLive
        lock.unlock()
        return live ? String(describing: sequence) : "Sequence"
    }

    var reflectedParts: [(label: String, value: Any)] {
        lock.lock()
        let live = isLive
        lock.unlock()
        return [("sequence", live ? sequence as Any : [Iterator.Element]())]
    }

    /// A zero request is allowed, as in Combine's (it adds nothing and starts no loop).
    func request(_ newDemand: Subscribers.Demand) {
        lock.lock()
        guard isLive else { return lock.unlock() }
        demand += newDemand
        guard !isEmitting, demand > 0, let target = downstream else { return lock.unlock() }
        isEmitting = true
        demand -= 1
        let first = upcoming
        lock.unlock()
        emit(first, to: target)
    }

    /// Delivers `element`, whose demand is already claimed, and the elements after it while
    /// demand lasts; then the completion if the sequence ran out.
    private func emit(_ element: Iterator.Element, to target: Downstream) {
        var element = element
        while true {
            let more = target.receive(element)
            let following = iterator.next()

            lock.lock()
            demand += more
            guard isLive else {
                // Cancelled while the element was being delivered.
                isEmitting = false
                return lock.unlock()
            }
            guard let following else {
                isLive = false
                isEmitting = false
                downstream = nil
                lock.unlock()
                target.receive(completion: .finished)
                return
            }
            guard demand > 0 else {
                upcoming = following
                isEmitting = false
                return lock.unlock()
            }
            demand -= 1
            lock.unlock()
            element = following
        }
    }

    func cancel() {
        lock.lock()
        guard isLive else { return lock.unlock() }
        isLive = false
        // Released after the lock: its deinit may be anyone's code.
        let released = downstream
        downstream = nil
        lock.unlock()
        withExtendedLifetime(released) {}
    }
}
