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
            subscriber.receive(subscription: SequenceSubscription(downstream: subscriber, first: first, rest: iterator))
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
private final class SequenceSubscription<Downstream: Subscriber, Iterator: IteratorProtocol>: Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Input == Iterator.Element {
    private let lock = Lock()
    private var downstream: Downstream?  // nil once finished or cancelled
    private var next: Iterator.Element?  // the element to emit next, read ahead to detect the end
    private var iterator: Iterator?  // lent to the emitting loop while it runs
    private var demand = Subscribers.Demand.none
    private var isEmitting = false

    init(downstream: Downstream, first: Iterator.Element, rest: Iterator) {
        self.downstream = downstream
        self.next = first
        self.iterator = rest
    }

    var description: String { "Sequence" }

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "demand must be greater than zero")
        lock.lock()
        guard downstream != nil else { return lock.unlock() }
        demand += newDemand
        guard !isEmitting else { return lock.unlock() }
        isEmitting = true
        lock.unlock()
        emit()
    }

    private func emit() {
        while true {
            lock.lock()
            guard let target = downstream, demand > 0, let element = next.take(), var rest = iterator.take() else {
                isEmitting = false
                return lock.unlock()
            }
            demand -= 1
            lock.unlock()

            let more = target.receive(element)
            let following = rest.next()

            lock.lock()
            demand += more
            guard downstream != nil else {
                // Cancelled while the element was being delivered.
                isEmitting = false
                return lock.unlock()
            }
            guard let following else {
                downstream = nil
                isEmitting = false
                lock.unlock()
                target.receive(completion: .finished)
                return
            }
            next = following
            iterator = rest
            lock.unlock()
        }
    }

    func cancel() {
        lock.withLock {
            downstream = nil
            next = nil
            iterator = nil
        }
    }
}
