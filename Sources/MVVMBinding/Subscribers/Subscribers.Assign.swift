extension Subscribers {
    /// A subscriber that requests unlimited values and writes each one to a property of an
    /// object through a key path.
    ///
    /// Like Combine's, it holds the object strongly until the stream completes or is cancelled,
    /// so `publisher.assign(to: \.title, on: self)` stored in `self` is a retain cycle until
    /// then; cancel it (or use `assign(to: &$title)`) when that matters.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible,
        CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    {
        public typealias Failure = Never

        private enum State {
            case awaitingSubscription
            case subscribed(any Subscription)
            case terminal
        }

        /// The key path of the property that receives the values.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>

        private let lock = Lock()
        // Guarded by `lock`; `storedObject` is released when the subscription ends.
        private var storedObject: Root?
        private var state = State.awaitingSubscription

        /// The object whose property receives the values; `nil` once the subscription ended.
        public var object: Root? { lock.withLock { storedObject } }

        /// Creates a subscriber that assigns each value to `object[keyPath: keyPath]`.
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.storedObject = object
            self.keyPath = keyPath
        }

        /// "Assign" and the root type followed by a dot, as Combine's reads.
        public var description: String { "Assign \(Root.self)." }

        /// The object (nil once the subscription ended), the key path and the status
        /// (awaitingSubscription, subscribed or terminal), as Combine's.
        public var customMirror: Mirror {
            lock.withLock {
                Mirror(self, children: [("object", storedObject as Any), ("keyPath", keyPath), ("status", state)])
            }
        }

        public var playgroundDescription: Any { description }

        public func receive(subscription: any Subscription) {
            let accepted = lock.withLock {
                guard case .awaitingSubscription = state else { return false }
                state = .subscribed(subscription)
                return true
            }
            guard accepted else { return subscription.cancel() }
            subscription.request(.unlimited)
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            let target: Root? = lock.withLock {
                guard case .subscribed = state else { return nil }
                return storedObject
            }
            // The setter may run observers (didSet, @Published): called outside the lock.
            target?[keyPath: keyPath] = value
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            let released = lock.withLock {
                defer {
                    storedObject = nil
                    state = .terminal
                }
                return storedObject
            }
            // Released outside the lock: the object's deinit may run here.
            _ = released
        }

        public func cancel() {
            let (subscription, released) = lock.withLock { () -> ((any Subscription)?, Root?) in
                defer {
                    storedObject = nil
                    state = .terminal
                }
                if case .subscribed(let subscription) = state { return (subscription, storedObject) }
                return (nil, storedObject)
            }
            subscription?.cancel()
            _ = released
        }
    }
}

extension Publisher where Failure == Never {
    /// Writes every value to `object[keyPath: keyPath]`, and returns the cancellable that keeps
    /// the subscription alive.
    ///
    /// The object is held strongly until the stream completes or the cancellable is cancelled
    /// or deinitialised.
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
