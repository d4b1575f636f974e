extension Publishers {
    /// A publisher that connects its connectable upstream when the first subscriber arrives
    /// and cancels the connection when the last one cancels.
    ///
    /// As in Combine, the count goes down by one for every cancel a subscriber makes (a
    /// completion does not count), every cancel also reaches the upstream subscription, and a
    /// subscriber arriving after a disconnect connects again.
    public class Autoconnect<Upstream: ConnectablePublisher>: Publisher, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The connectable publisher this one connects.
        public final let upstream: Upstream

        private let lock = Lock()
        // Guarded by `lock`.
        private var subscriberCount = 0
        private var connection: (any Cancellable)?
        /// Bumped whenever the count drops to zero, so a `connect()` that returns after every
        /// subscriber has left knows its connection is no longer wanted.
        private var epoch = 0

        /// Creates a publisher that connects `upstream` on demand.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (isFirst, connectingEpoch) = lock.withLock {
                subscriberCount += 1
                return (subscriberCount == 1, epoch)
            }
            // Subscribe before connecting, so the first subscriber sees the first value.
            upstream.subscribe(AutoconnectSubscriber(parent: self, downstream: subscriber))
            guard isFirst else { return }
            let newConnection = upstream.connect()
            let isWanted = lock.withLock {
                guard epoch == connectingEpoch, subscriberCount > 0 else { return false }
                connection = newConnection
                return true
            }
            if !isWanted { newConnection.cancel() }
        }

        /// A subscriber cancelled (each cancel counts, as in Combine); the count reaching zero
        /// disconnects.
        fileprivate func subscriberDidLeave() {
            let abandoned: (any Cancellable)? = lock.withLock {
                guard subscriberCount > 0 else { return nil }
                subscriberCount -= 1
                guard subscriberCount == 0 else { return nil }
                epoch &+= 1
                defer { connection = nil }
                return connection
            }
            abandoned?.cancel()
        }
    }
}

extension ConnectablePublisher {
    /// Connects this publisher automatically when the first subscriber attaches, and
    /// disconnects when the last one cancels.
    ///
    ///     Timer.publish(every: 1, on: .main, in: .default)
    ///         .autoconnect()
    ///         .sink { tick in … }
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}

/// Sits between the connectable upstream and one subscriber: forwards everything, and on each
/// cancel tells the autoconnect (before cancelling the upstream subscription, Combine's order).
/// It prints as the upstream's subscription does, since Combine hands that one through.
private final class AutoconnectSubscriber<Upstream: ConnectablePublisher, Downstream: Subscriber>:
    Subscriber, Subscription, CombineReflectable, @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let downstream: Downstream
    private let parent: Publishers.Autoconnect<Upstream>
    private let lock = Lock()
    private var upstream: (any Subscription)?  // guarded by `lock`

    init(parent: Publishers.Autoconnect<Upstream>, downstream: Downstream) {
        self.parent = parent
        self.downstream = downstream
    }

    var description: String { lock.withLock { upstream }.map { String(describing: $0) } ?? "Autoconnect" }

    var reflectedParts: [(label: String, value: Any)] { [("parent", parent), ("downstream", downstream)] }

    func receive(subscription: any Subscription) {
        let accepted = lock.withLock {
            guard upstream == nil else { return false }
            upstream = subscription
            return true
        }
        guard accepted else { return subscription.cancel() }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { upstream }?.request(demand)
    }

    func cancel() {
        parent.subscriberDidLeave()
        lock.withLock { upstream }?.cancel()
    }
}
