import Foundation

extension NotificationCenter {
    /// Returns a publisher that emits the notifications this center posts for `name`, and, when
    /// `object` is given, for that sender only.
    ///
    /// - Parameters:
    ///   - name: The notification name to observe.
    ///   - object: The sender to observe; `nil` observes every sender.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        NotificationCenter.Publisher(center: self, name: name, object: object)
    }

    /// A publisher that emits notifications as a notification center posts them.
    ///
    /// Each subscriber adds its own observer when it subscribes and removes it when it cancels.
    /// Notifications are delivered synchronously, on the thread that posts them; one posted
    /// while the subscriber has no demand is dropped. The publisher never finishes.
    public struct Publisher: MVVMBindingCore.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never

        /// The notification center observed.
        public let center: NotificationCenter
        /// The notification name observed.
        public let name: Notification.Name
        /// The sender observed, or `nil` for every sender.
        public let object: AnyObject?

        /// Creates a publisher for the notifications `center` posts for `name` from `object`.
        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let subscription = NotificationSubscription(downstream: subscriber, center: center)
            subscription.observe(name: name, object: object)
            subscriber.receive(subscription: subscription)
        }
    }
}

extension NotificationCenter.Publisher: Equatable {
    /// Equal when both observe the same center, name and sender (by identity).
    public static func == (lhs: NotificationCenter.Publisher, rhs: NotificationCenter.Publisher) -> Bool {
        lhs.center === rhs.center && lhs.name == rhs.name && lhs.object === rhs.object
    }
}

/// One subscriber's observer: counts its demand and removes the observer on cancel.
///
/// The notification center keeps the observer block, and through it this subscription, until
/// `cancel()` removes the observer.
private final class NotificationSubscription<Downstream: Subscriber>: Subscription, NotificationReceiver,
    CombineReflectable, @unchecked Sendable
where Downstream.Input == Notification, Downstream.Failure == Never {
    private let center: NotificationCenter
    private let lock = Lock()
    // Guarded by `lock`:
    private var downstream: Downstream?  // nil once cancelled
    private var observer: (any NSObjectProtocol)?
    private var demand = Subscribers.Demand.none

    init(downstream: Downstream, center: NotificationCenter) {
        self.downstream = downstream
        self.center = center
    }

    var description: String { "NotificationCenter Observer" }

    func observe(name: Notification.Name, object: AnyObject?) {
        // Through a non-generic existential: the center's `@Sendable` block must not capture the
        // subscriber's (possibly non-Sendable) metatype.
        let receiver: any NotificationReceiver = self
        let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
            receiver.receive(notification)
        }
        lock.withLock { observer = token }
    }

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "API Violation: demand must not be zero")
        lock.withLock { demand += newDemand }
    }

    func cancel() {
        let (token, released): ((any NSObjectProtocol)?, Downstream?) = lock.withLock {
            defer {
                observer = nil
                downstream = nil
            }
            return (observer, downstream)
        }
        if let token { center.removeObserver(token) }
        withExtendedLifetime(released) {}  // so the downstream is released outside the lock
    }

    func receive(_ notification: Notification) {
        lock.lock()
        guard let downstream, demand > 0 else { return lock.unlock() }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(notification)
        if more > 0 { lock.withLock { demand += more } }
    }
}

/// What the observer block calls: a notification subscription, seen without its generic type.
private protocol NotificationReceiver: AnyObject, Sendable {
    func receive(_ notification: Notification)
}
