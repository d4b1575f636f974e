import Foundation
import MVVMBinding

/// A publisher a test drives by hand, to check an operator against an exact upstream: it hands
/// its subscriber a `TrackingSubscription` (which records requests and cancels), and `send`
/// returns the demand the subscriber answered with. It deliberately does not enforce demand,
/// so a test can also play a misbehaving or racing upstream.
final class DrivenPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    let subscription: TrackingSubscription
    private let lock = NSLock()
    private var subscriber: AnySubscriber<Output, Failure>?  // guarded by `lock`

    init(onRequest: @escaping @Sendable (Subscribers.Demand) -> Void = { _ in }) {
        subscription = TrackingSubscription(onRequest: onRequest)
    }

    /// Whether a subscriber is attached.
    var hasSubscriber: Bool { lock.withLock { subscriber != nil } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.withLock { self.subscriber = AnySubscriber(subscriber) }
        subscriber.receive(subscription: subscription)
    }

    /// Delivers `value` and returns the demand the subscriber added.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        lock.withLock { subscriber }?.receive(value) ?? .none
    }

    func send(completion: Subscribers.Completion<Failure>) {
        lock.withLock { subscriber }?.receive(completion: completion)
    }

    /// Forgets the subscriber, as a real publisher does after completion or cancel.
    func releaseSubscriber() {
        lock.withLock { subscriber = nil }
    }
}
