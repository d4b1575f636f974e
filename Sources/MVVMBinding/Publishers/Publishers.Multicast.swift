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
        /// Set when a connection delivered the upstream's completion to the subject: the
        /// subject is then done, and connecting again would only repeat the upstream's work.
        private var upstreamCompleted = false  // guarded by `lock`

        /// Creates a multicast of `upstream` through the subject `createSubject` makes.
        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lazySubject.subscribe(MulticastSubscription(downstream: subscriber))
        }

        /// Subscribes the subject to the upstream. Cancel the result to disconnect; dropping
        /// it does not (the upstream keeps the connection alive, as in Combine).
        ///
        /// The connection holds the subject weakly, as Combine's does: once the multicast and
        /// everyone else let go of the subject, it is gone and the connection forwards nothing.
        public func connect() -> any Cancellable {
            let subject = lazySubject
            if lock.withLock({ upstreamCompleted }) { return Subscriptions.empty }
            let connection = MulticastConnection(multicast: self, subject: subject)
            upstream.subscribe(connection)
            return connection
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

        fileprivate func connectionDidComplete() {
            lock.withLock { upstreamCompleted = true }
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

/// One connection of a multicast: subscribes to the upstream on the subject's behalf and
/// forwards everything to it. It is also the subscription the subject holds, so the subject
/// decides the demand.
///
/// The subject and the multicast are held weakly: the subject keeps the connection (as its
/// upstream subscription), so a strong reference back would keep a released subject alive for
/// ever. Nothing is released under the lock, so a subject whose deinit cancels its upstreams
/// (this connection) cannot re-enter it.
private final class MulticastConnection<Upstream: Publisher, SubjectType: Subject>:
    Subscriber, Subscription, CombineReflectable, @unchecked Sendable
where Upstream.Output == SubjectType.Output, Upstream.Failure == SubjectType.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = Lock()
    // Guarded by `lock`; all cleared when the connection ends.
    private weak var multicast: Publishers.Multicast<Upstream, SubjectType>?
    private weak var subject: SubjectType?
    private var upstream: (any Subscription)?
    private var hasEnded = false

    init(multicast: Publishers.Multicast<Upstream, SubjectType>, subject: SubjectType) {
        self.multicast = multicast
        self.subject = subject
    }

    var description: String { "Subject" }

    var reflectedParts: [(label: String, value: Any)] {
        lock.withLock { [("subject", subject as Any), ("upstreamSubscription", upstream as Any)] }
    }

    func receive(subscription: any Subscription) {
        let target: SubjectType? = lock.withLock {
            guard upstream == nil, !hasEnded, let subject else { return nil }
            upstream = subscription
            return subject
        }
        guard let target else { return subscription.cancel() }
        target.send(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { hasEnded ? nil : subject }?.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let (target, owner): (SubjectType?, Publishers.Multicast<Upstream, SubjectType>?) = lock.withLock {
            guard !hasEnded else { return (nil, nil) }
            hasEnded = true
            upstream = nil
            return (subject, multicast)
        }
        owner?.connectionDidComplete()
        target?.send(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { upstream }?.request(demand)
    }

    func cancel() {
        let subscription: (any Subscription)? = lock.withLock {
            hasEnded = true
            defer { upstream = nil }
            return upstream
        }
        subscription?.cancel()
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

    func receive(_ input: Input) -> Subscribers.Demand {
        guard lock.withLock({ !hasEnded && subjectSubscription != nil }) else { return .none }
        return downstream.receive(input)
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
