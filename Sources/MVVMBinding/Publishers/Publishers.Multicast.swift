extension Publishers {
    /// A connectable publisher that shares one subscription to its upstream among all its
    /// subscribers, through a subject.
    ///
    /// Subscribers attach to the subject; `connect()` subscribes the subject to the upstream,
    /// so subscribers attached before connecting see every value. The subject is created on
    /// first use and kept for the publisher's lifetime.
    public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher, @unchecked Sendable
    where Upstream.Output == SubjectType.Output, Upstream.Failure == SubjectType.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are shared.
        public let upstream: Upstream
        /// Makes the subject, once, on first subscription or connection.
        public let createSubject: () -> SubjectType

        private let lock = Lock()
        private var subject: SubjectType?  // guarded by `lock`

        /// Creates a multicast of `upstream` through the subject `createSubject` makes.
        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lazySubject.subscribe(MulticastSubscription(downstream: subscriber))
        }

        /// Subscribes the subject to the upstream (`upstream.subscribe(subject)`), as
        /// Combine's: the result is that subscription's `AnyCancellable`, so cancelling it, or
        /// letting it go, disconnects. Each call subscribes again; a subject that already
        /// completed ignores what a new connection brings.
        ///
        /// The connection holds the subject weakly, as Combine's does: once the multicast and
        /// everyone else let go of the subject, it is gone and the connection forwards nothing.
        public func connect() -> any Cancellable {
            upstream.subscribe(lazySubject)
        }

        private var lazySubject: SubjectType {
            if let existing = lock.withLock({ subject }) { return existing }
            // `createSubject` is user code: called outside the lock; a racing caller's subject
            // wins if it got there first.
            let created = createSubject()
            return lock.withLock {
                if let existing = subject { return existing }
                subject = created
                return created
            }
        }
    }
}

extension Publisher {
    /// Shares this publisher through the subject `createSubject` makes, once `connect()` is
    /// called on the result.
    public func multicast<S: Subject>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S>
    where S.Output == Output, S.Failure == Failure {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    /// Shares this publisher through `subject`, once `connect()` is called on the result.
    public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S>
    where S.Output == Output, S.Failure == Failure {
        Publishers.Multicast(upstream: self, createSubject: { subject })
    }
}

/// A multicast subscriber's subscription, between the subject and the subscriber: it is what
/// the subscriber sees (Combine prints it as "Multicast"), and forwards demand and cancel to
/// the subject's own subscription.
private final class MulticastSubscription<Downstream: Subscriber>: Subscriber, Subscription, CombineReflectable,
    @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private let downstream: Downstream
    // Guarded by `lock`.
    private var subjectSubscription: (any Subscription)?
    private var hasEnded = false

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var description: String { "Multicast" }

    func receive(subscription: any Subscription) {
        let accepted: Bool = lock.withLock {
            guard subjectSubscription == nil, !hasEnded else { return false }
            subjectSubscription = subscription
            return true
        }
        guard accepted else { return subscription.cancel() }
        downstream.receive(subscription: self)
    }

    /// As Combine's: the demand the downstream returns is requested from the subject's
    /// subscription, and none is returned.
    func receive(_ input: Input) -> Subscribers.Demand {
        guard let subscription = lock.withLock({ hasEnded ? nil : subjectSubscription }) else { return .none }
        let more = downstream.receive(input)
        if more > 0 { subscription.request(more) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let live: Bool = lock.withLock {
            guard !hasEnded, subjectSubscription != nil else { return false }
            hasEnded = true
            subjectSubscription = nil
            return true
        }
        if live { downstream.receive(completion: completion) }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { hasEnded ? nil : subjectSubscription }?.request(demand)
    }

    func cancel() {
        let subscription: (any Subscription)? = lock.withLock {
            hasEnded = true
            defer { subjectSubscription = nil }
            return subjectSubscription
        }
        subscription?.cancel()
    }
}
