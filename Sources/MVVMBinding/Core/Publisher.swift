/// A type that can deliver a sequence of values over time to subscribers.
///
/// Mirrors Combine's `Publisher`: a publisher does nothing until a subscriber is attached with
/// `subscribe(_:)`, then calls the subscriber's `receive(subscription:)` once, and after that
/// delivers at most as many values as the subscriber has demanded, followed by at most one
/// completion.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error

    /// Attaches `subscriber`. Implementations must call `subscriber.receive(subscription:)`.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches `subscriber` to this publisher. Prefer this over `receive(subscriber:)`.
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }
}
