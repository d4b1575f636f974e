extension Publishers {
    /// A publisher that republishes a running accumulation computed by a closure that may
    /// throw.
    ///
    /// As `Scan`; an error the closure throws cancels the upstream and fails the stream with
    /// that error.
    public struct TryScan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        /// The publisher whose values are accumulated.
        public let upstream: Upstream

        /// The result before the first value; each subscriber starts from it.
        public let initialResult: Output

        /// Combines the previous result with the next value; throwing ends the stream.
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        /// Creates a publisher that accumulates the values of `upstream` from `initialResult`.
        public init(upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                TryScanSubscription<Upstream.Output, Upstream.Failure, S>(
                    downstream: subscriber, initialResult: initialResult, next: nextPartialResult))
        }
    }
}

extension Publisher {
    /// Emits, for each value, the result of combining it with the previous result, starting
    /// from `initialResult`; an error the closure throws cancels this publisher and fails the
    /// stream.
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) throws -> T) -> Publishers.TryScan<Self, T> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

/// TryScan's subscription, with Combine's protocol: every value the upstream sends is folded
/// into the running result, which is passed on; an error the closure throws while the
/// upstream is live cancels it and fails the downstream once. The upstream's completion is
/// passed on while it is live; requests and a cancel reach a live upstream only (a cancel before
/// the subscription changes nothing); a second subscription, or one after the end, is
/// cancelled. Mirror: downstream, status, result.
///
/// `result` needs no lock: only `receive(_:)` touches it, and a publisher never calls that
/// concurrently for one subscriber.
private final class TryScanSubscription<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Failure == any Error {
    typealias Failure = UpstreamFailure

    private enum Status {
        case awaitingSubscription
        case subscribed(any Subscription)
        case terminal
    }

    private let downstream: Downstream
    private let next: (Downstream.Input, Input) throws -> Downstream.Input
    private var result: Downstream.Input
    private let lock = Lock()
    private var status = Status.awaitingSubscription  // guarded by `lock`

    init(downstream: Downstream, initialResult: Downstream.Input, next: @escaping (Downstream.Input, Input) throws -> Downstream.Input) {
        self.downstream = downstream
        self.result = initialResult
        self.next = next
    }

    var description: String { "TryScan" }

    var reflectedParts: [(label: String, value: Any)] {
        lock.withLock {
            let statusName: String
            switch status {
            case .awaitingSubscription: statusName = "awaitingSubscription"
            case .subscribed: statusName = "subscribed"
            case .terminal: statusName = "terminal"
            }
            return [("downstream", downstream), ("status", statusName), ("result", result)]
        }
    }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingSubscription = status else {
            lock.unlock()
            return subscription.cancel()
        }
        status = .subscribed(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        do {
            result = try next(result, input)
        } catch {
            lock.lock()
            guard case .subscribed(let upstream) = status else {
                lock.unlock()
                return .none
            }
            status = .terminal
            lock.unlock()
            upstream.cancel()
            downstream.receive(completion: .failure(error))
            return .none
        }
        return downstream.receive(result)
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard case .subscribed = status else { return lock.unlock() }
        lock.unlock()
        downstream.receive(completion: completion.eraseError())
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard case .subscribed(let upstream) = status else { return lock.unlock() }
        lock.unlock()
        upstream.request(demand)
    }

    func cancel() {
        lock.lock()
        guard case .subscribed(let upstream) = status else { return lock.unlock() }
        status = .terminal
        lock.unlock()
        upstream.cancel()
    }
}
