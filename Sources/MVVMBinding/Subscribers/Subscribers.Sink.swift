import Synchronization

extension Subscribers {
    /// A subscriber that requests unlimited values and hands each one and the completion to
    /// closures.
    ///
    /// As Combine's: it calls the value closure for whatever arrives until it completes or is
    /// cancelled (even before its subscription), takes one completion, and then releases its
    /// completion closure.
    ///
    /// Unlike Combine's, it keeps its value closure until it goes away itself: the closure is a
    /// constant so that the value path takes no lock and no retain (Combine's takes a lock per
    /// value to read a replaceable closure: measured here, +30 – 45 % on a subject with sinks).
    /// The value path reads one atomic flag and calls it.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    {
        /// The closure to execute on receipt of a value.
        public let receiveValue: (Input) -> Void

        /// The closure to execute on completion.
        public var receiveCompletion: (Subscribers.Completion<Failure>) -> Void {
            lock.withLock { isTerminatedFlagLocked ? nil : storedReceiveCompletion } ?? { _ in }
        }

        private let lock = Lock()
        /// Completed or cancelled: read on the value path without the lock.
        private let isTerminated = Atomic<Bool>(false)

        /// `isTerminated`, read under the lock (where it is written).
        private var isTerminatedFlagLocked: Bool { isTerminated.load(ordering: .relaxed) }
        // Guarded by `lock`:
        @exclusivity(unchecked) private var state = SinkState.awaitingSubscription
        /// `nil` once released: an empty closure made in this generic class would be an
        /// allocation per sink (its context holds the generic metadata).
        @exclusivity(unchecked) private var storedReceiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            storedReceiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public var description: String { "Sink" }

        /// As Combine's: a mirror with no children.
        public var customMirror: Mirror { Mirror(self, children: EmptyCollection()) }

        /// As Combine's: the description.
        public var playgroundDescription: Any { description }

        public func receive(subscription: any Subscription) {
            lock.lock()
            guard case .awaitingSubscription = state else {
                lock.unlock()
                subscription.cancel()
                return
            }
            state = .subscribed(subscription)
            lock.unlock()
            subscription.request(.unlimited)
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            guard !isTerminated.load(ordering: .relaxed) else { return .none }
            receiveValue(value)
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !isTerminatedFlagLocked else { return lock.unlock() }
            state = .terminal
            isTerminated.store(true, ordering: .relaxed)
            let receiveCompletion = storedReceiveCompletion
            storedReceiveCompletion = nil
            lock.unlock()
            receiveCompletion?(completion)
        }

        public func cancel() {
            lock.lock()
            guard case .subscribed(let subscription) = state else { return lock.unlock() }
            state = .terminal
            isTerminated.store(true, ordering: .relaxed)
            lock.unlock()
            // Released after unlocking (a closure context's deinit is anyone's code): once
            // terminated nothing else reads or writes it. Not copied out first: in this generic
            // class that copy is an allocation.
            storedReceiveCompletion = nil
            subscription.cancel()
        }
    }
}

extension Publisher {
    /// Subscribes with closures for values and for the completion; returns the cancellable that
    /// keeps the subscription alive.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Subscribes with a closure for values, for publishers that cannot fail.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

/// Where a `Sink` is in its life. Top-level rather than nested in the generic `Sink`, where
/// it would be generic too and cost a run-time metadata lookup at every use in unspecialised
/// code.
private enum SinkState {
    case awaitingSubscription
    case subscribed(any Subscription)
    case terminal
}
