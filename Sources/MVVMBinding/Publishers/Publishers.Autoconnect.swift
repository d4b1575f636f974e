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

/// What the connectable upstream sees of one subscriber, as Combine's: it passes everything
/// through, handing the downstream the upstream's subscription wrapped so that a cancel tells
/// the autoconnect first. Prints as "Autoconnect", mirrors parent and downstream.
private struct AutoconnectSubscriber<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscriber,
    CombineReflectable, @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    private let downstream: Downstream
    private let parent: Publishers.Autoconnect<Upstream>

    init(parent: Publishers.Autoconnect<Upstream>, downstream: Downstream) {
        self.parent = parent
        self.downstream = downstream
    }

    var description: String { "Autoconnect" }

    var reflectedParts: [(label: String, value: Any)] { [("parent", parent), ("downstream", downstream)] }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: AutoconnectSubscription(upstream: subscription, parent: parent))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}

/// The upstream's subscription as a subscriber of an autoconnect sees it: the same
/// description and combineIdentifier (no mirror of its own), requests passed through, and a
/// cancel that tells the autoconnect (which may disconnect) before it reaches the upstream,
/// as Combine's.
private struct AutoconnectSubscription<Upstream: ConnectablePublisher>: Subscription, CustomStringConvertible,
    CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    let upstream: any Subscription
    let parent: Publishers.Autoconnect<Upstream>

    var combineIdentifier: CombineIdentifier { upstream.combineIdentifier }

    var description: String { String(describing: upstream) }

    var playgroundDescription: Any { description }

    func request(_ demand: Subscribers.Demand) {
        upstream.request(demand)
    }

    func cancel() {
        parent.subscriberDidLeave()
        upstream.cancel()
    }
}
