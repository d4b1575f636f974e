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

/// Feeds a subject from upstream, as Combine's: the subject gets this object as its
/// subscription ("Subject"), through which its requests and cancel reach the upstream. The
/// subject is held weakly (subscribing it keeps it alive no longer than its owners do); values
/// and the completion reach it only after the upstream subscribed, and the completion lets it
/// go. A second upstream subscription is ignored.
final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CombineReflectable,
    @unchecked Sendable
{
    typealias Input = Downstream.Output
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    // Guarded by `lock`:
    private weak var subject: Downstream?
    private var upstream: (any Subscription)?

    init(_ subject: Downstream) { self.subject = subject }

    var description: String { "Subject" }

    var reflectedParts: [(label: String, value: Any)] {
        lock.withLock {
            let subject = self.subject
            return [("downstreamSubject", subject as Any), ("upstreamSubscription", upstream as Any), ("subject", subject as Any)]
        }
    }

    func receive(subscription: any Subscription) {
        let target: Downstream? = lock.withLock {
            guard upstream == nil, let subject else { return nil }
            upstream = subscription
            return subject
        }
        target?.send(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let target: Downstream? = lock.withLock { upstream == nil ? nil : subject }
        target?.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let target: Downstream? = lock.withLock { upstream == nil ? nil : subject }
        guard let target else { return }
        target.send(completion: completion)
        lock.withLock { subject = nil }
    }

    func request(_ demand: Subscribers.Demand) {
        let current = lock.withLock { upstream }
        current?.request(demand)
    }

    func cancel() {
        let current: (any Subscription)? = lock.withLock {
            guard subject != nil, let upstream else { return nil }
            self.upstream = nil
            subject = nil
            return upstream
        }
        current?.cancel()
    }
}
