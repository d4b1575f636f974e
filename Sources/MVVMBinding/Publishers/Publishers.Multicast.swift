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
            lazySubject.subscribe(subscriber)
        }

        /// Subscribes the subject to the upstream. Cancel the result to disconnect; dropping
        /// it does not (the upstream keeps the connection alive, as in Combine).
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
/// decides the demand (unlimited, for the built-in subjects).
private final class MulticastConnection<Upstream: Publisher, SubjectType: Subject>:
    Subscriber, Subscription, CombineReflectable, @unchecked Sendable
where Upstream.Output == SubjectType.Output, Upstream.Failure == SubjectType.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = Lock()
    // Guarded by `lock`; all released when the connection ends.
    private var multicast: Publishers.Multicast<Upstream, SubjectType>?
    private var subject: SubjectType?
    private var upstream: (any Subscription)?

    init(multicast: Publishers.Multicast<Upstream, SubjectType>, subject: SubjectType) {
        self.multicast = multicast
        self.subject = subject
    }

    var description: String { "Multicast" }

    func receive(subscription: any Subscription) {
        let target: SubjectType? = lock.withLock {
            guard upstream == nil, let subject else { return nil }
            upstream = subscription
            return subject
        }
        guard let target else { return subscription.cancel() }
        target.send(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { subject }?.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let (target, owner) = lock.withLock {
            defer { subject = nil; multicast = nil; upstream = nil }
            return (subject, multicast)
        }
        guard let target else { return }
        owner?.connectionDidComplete()
        target.send(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { upstream }?.request(demand)
    }

    func cancel() {
        let subscription = lock.withLock {
            defer { subject = nil; multicast = nil; upstream = nil }
            return upstream
        }
        subscription?.cancel()
    }
}
