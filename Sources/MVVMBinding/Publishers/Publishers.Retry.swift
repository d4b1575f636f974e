extension Publishers {
    /// A publisher that, when its upstream fails, subscribes to it again, up to a number of
    /// times.
    ///
    /// The downstream keeps one subscription throughout; each new subscription to the
    /// upstream is asked for the demand the downstream has requested but not yet received.
    /// Values already delivered stay delivered. The failure that exhausts the retries is passed
    /// on; `retries == nil` retries for ever.
    public struct Retry<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher to subscribe to again after a failure.
        public let upstream: Upstream

        /// How many times to subscribe again; `nil` for no limit.
        public let retries: Int?

        /// Creates a publisher that resubscribes to `upstream` after up to `retries` failures.
        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(RetrySubscription(retry: self, downstream: subscriber))
        }
    }
}

extension Publishers.Retry: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Subscribes to this publisher again when it fails, up to `retries` times.
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }
}

/// Retry's subscription, with Combine's protocol: it subscribes itself to the upstream again
/// after each failure while attempts remain (`nil`: always; a negative count never runs out),
/// from a loop rather than recursively when the upstream fails while being subscribed. The
/// downstream is subscribed once, by the first upstream; each later upstream is asked for the
/// demand outstanding. A value counts the demand down (one nobody asked for traps, through
/// `Demand`), and what the downstream asks for in return is requested from the upstream
/// directly rather than returned. A cancel reaches the current upstream once.
private final class RetrySubscription<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = Lock()
    // Guarded by `lock`:
    /// Released (nil) once terminated.
    private var live: (retry: Publishers.Retry<Upstream>, downstream: Downstream)?
    private var upstream: (any Subscription)?
    /// Attempts left; `nil` without limit.
    private var remaining: Int?
    private var downstreamNeedsSubscription = true
    private var demand = Subscribers.Demand.none
    /// A failure-driven subscribe loop is running; a nested failure only asks it to go on.
    private var isResubscribing = false
    private var needsResubscribe = false

    init(retry: Publishers.Retry<Upstream>, downstream: Downstream) {
        live = (retry, downstream)
        remaining = retry.retries
    }

    var description: String { "Retry" }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard let (_, downstream) = live, upstream == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        upstream = subscription
        let owed = demand
        let subscribesDownstream = downstreamNeedsSubscription
        downstreamNeedsSubscription = false
        lock.unlock()
        if subscribesDownstream { downstream.receive(subscription: self) }
        if owed > 0 { subscription.request(owed) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard let (_, downstream) = live else {
            lock.unlock()
            return .none
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(input)
        guard more > 0 else { return .none }
        lock.lock()
        demand += more
        let current = upstream
        lock.unlock()
        current?.request(more)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard let (retry, downstream) = live else { return lock.unlock() }
        if case .failure = completion, remaining != 0 {
            upstream = nil
            if let left = remaining { remaining = left - 1 }
            guard !isResubscribing else {
                needsResubscribe = true
                return lock.unlock()
            }
            repeat {
                isResubscribing = true
                needsResubscribe = false
                lock.unlock()
                retry.upstream.subscribe(self)
                lock.lock()
                isResubscribing = false
            } while needsResubscribe
            return lock.unlock()
        }
        live = nil
        lock.unlock()
        downstream.receive(completion: completion)
    }

    func request(_ newDemand: Subscribers.Demand) {
        lock.lock()
        guard live != nil else { return lock.unlock() }
        demand += newDemand
        let current = upstream
        lock.unlock()
        current?.request(newDemand)
    }

    func cancel() {
        lock.lock()
        guard let released = live else { return lock.unlock() }
        live = nil
        let current = upstream
        lock.unlock()
        // Released after the lock: its deinit may be anyone's code.
        withExtendedLifetime(released) { current?.cancel() }
    }
}
