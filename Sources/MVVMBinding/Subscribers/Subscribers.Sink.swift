extension Subscribers {
    /// A subscriber that requests unlimited values and hands each one and the completion to
    /// closures. Cancelling it cancels the upstream subscription and releases the closures.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    {
        public let receiveValue: (Input) -> Void
        public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

        private let lock = Lock()
        @exclusivity(unchecked) private var state = SinkState.awaitingSubscription

        public init(
            receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
            receiveValue: @escaping (Input) -> Void
        ) {
            self.receiveCompletion = receiveCompletion
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
            receiveValue(value)
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            lock.withLock { state = .terminal }
            receiveCompletion(completion)
        }

        public func cancel() {
            let subscription: (any Subscription)? = lock.withLock {
                defer { state = .terminal }
                if case .subscribed(let subscription) = state { return subscription }
                return nil
            }
            subscription?.cancel()
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
