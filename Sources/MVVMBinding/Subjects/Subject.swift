/// A publisher that exposes a method for outside callers to publish elements.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Delivers `value` to every subscriber with outstanding demand.
    func send(_ value: Output)
    /// Finishes or fails every subscriber; later sends are ignored.
    func send(completion: Subscribers.Completion<Failure>)
    /// Gives the subject an upstream subscription, from which it requests unlimited values.
    func send(subscription: any Subscription)
}

extension Subject where Output == Void {
    /// Sends `()`.
    public func send() { send(()) }
}

extension Publisher {
    /// Subscribes `subject` to this publisher: the subject re-publishes what arrives.
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where S.Output == Output, S.Failure == Failure {
        let subscriber = SubjectSubscriber(subject)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}

/// Feeds a subject from upstream; keeps the subject alive only until cancelled or completed.
private final class SubjectSubscriber<Downstream: Subject>: Subscriber, Cancellable, @unchecked Sendable {
    typealias Input = Downstream.Output
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private var subject: Downstream?
    private var upstream: (any Subscription)?

    init(_ subject: Downstream) { self.subject = subject }

    func receive(subscription: any Subscription) {
        let target: Downstream? = lock.withLock {
            guard upstream == nil, let subject else { return nil }
            upstream = subscription
            return subject
        }
        guard let target else { return subscription.cancel() }
        target.send(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { subject }?.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        // Taken out under the lock and released after it: the last reference to the subject
        // may go here, and its deinit must not run under the lock.
        let (target, released) = lock.withLock { () -> (Downstream?, (any Subscription)?) in
            defer {
                subject = nil
                upstream = nil
            }
            return (subject, upstream)
        }
        target?.send(completion: completion)
        withExtendedLifetime(released) {}
    }

    func cancel() {
        let (subscription, released) = lock.withLock { () -> ((any Subscription)?, Downstream?) in
            defer {
                subject = nil
                upstream = nil
            }
            return (upstream, subject)
        }
        subscription?.cancel()
        withExtendedLifetime(released) {}
    }
}
