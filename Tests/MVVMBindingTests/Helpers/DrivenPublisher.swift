import Foundation
import MVVMBinding

/// A publisher a test drives by hand, to check an operator against an exact upstream: it hands
/// its subscriber a `TrackingSubscription` (whose `history` records the subscription, requests
/// and cancels in order, also readable as this publisher's `history`), and `send` returns the
/// demand the subscriber answered with. It deliberately does not enforce demand,
/// so a test can also play a misbehaving or racing upstream.
final class DrivenPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    let subscription: TrackingSubscription
    private let lock = NSLock()
    private var attached: AnySubscriber<Output, Failure>?  // guarded by `lock`
    private var attachedObject: Any?  // the subscriber as given, guarded by `lock`
    private let subscribesAtOnce: Bool

    /// - Parameters:
    ///   - subscribesAtOnce: `false` keeps the subscriber without giving it a subscription,
    ///     to play an upstream that sends events before subscribing (`sendSubscription()`
    ///     gives it one later).
    init(
        subscribesAtOnce: Bool = true,
        onRequest: @escaping @Sendable (Subscribers.Demand) -> Void = { _ in },
        onCancel: @escaping @Sendable () -> Void = {}
    ) {
        self.subscribesAtOnce = subscribesAtOnce
        subscription = TrackingSubscription(onRequest: onRequest, onCancel: onCancel)
    }

    /// The operator's own subscriber object as it subscribed (before type erasure), so a test
    /// can reach it as the `Subscription` it also is for its downstream.
    var subscriberObject: Any? { lock.withLock { attachedObject } }

    /// What happened to the upstream subscription, in order.
    var history: [TrackingSubscription.Event] { subscription.history }

    /// The subscriber currently attached, to play an upstream that misbehaves: sending a second
    /// subscription, or events before subscribing or after completing.
    var subscriber: AnySubscriber<Output, Failure>? { lock.withLock { attached } }

    /// Whether a subscriber is attached.
    var hasSubscriber: Bool { lock.withLock { attached != nil } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.withLock {
            attached = AnySubscriber(subscriber)
            attachedObject = subscriber
        }
        if subscribesAtOnce { sendSubscription() }
    }

    /// Hands the subscriber `subscription` (by default this publisher's own).
    func sendSubscription(_ subscription: TrackingSubscription? = nil) {
        let given = subscription ?? self.subscription
        given.recordSubscribed()
        lock.withLock { attached }?.receive(subscription: given)
    }

    /// Delivers `value` and returns the demand the subscriber added.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        lock.withLock { attached }?.receive(value) ?? .none
    }

    func send(completion: Subscribers.Completion<Failure>) {
        lock.withLock { attached }?.receive(completion: completion)
    }

    /// Forgets the subscriber, as a real publisher does after completion or cancel.
    func releaseSubscriber() {
        lock.withLock {
            attached = nil
            attachedObject = nil
        }
    }
}
