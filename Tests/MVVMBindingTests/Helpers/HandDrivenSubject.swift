import Foundation
import MVVMBinding

/// A subject that hands its one subscriber a `TrackingSubscription` and lets the test deliver
/// values to that subscriber directly, to watch what an operator built on a subject
/// (`multicast`) asks of the subject's subscription and returns from `receive(_:)`.
final class HandDrivenSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    /// The subscription the subscriber received.
    let subscription = TrackingSubscription()
    private let lock = NSLock()
    private var subscriber: AnySubscriber<Output, Failure>?  // guarded by `lock`

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.withLock { self.subscriber = AnySubscriber(subscriber) }
        subscriber.receive(subscription: subscription)
    }

    /// Delivers `value` to the subscriber and returns the demand it returned.
    func deliver(_ value: Output) -> Subscribers.Demand {
        lock.withLock { subscriber }?.receive(value) ?? .none
    }

    func send(_ value: Output) { _ = deliver(value) }
    func send(completion: Subscribers.Completion<Failure>) { lock.withLock { subscriber }?.receive(completion: completion) }
    func send(subscription: any Subscription) {}
}
