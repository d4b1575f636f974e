extension Publishers {
    /// A publisher that holds up to `size` upstream values the downstream has not asked for
    /// yet, and delivers them, oldest first, as it asks.
    ///
    /// `prefetch` says when the upstream is asked (see `PrefetchStrategy`); `whenFull` what
    /// happens to a value that finds the buffer full (see `BufferingStrategy`). The upstream's
    /// completion, finished or failed, is delivered after the values buffered before it.
    public struct Buffer<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are buffered.
        public let upstream: Upstream

        /// The most values held at once.
        public let size: Int

        /// When the upstream is asked for values.
        public let prefetch: Publishers.PrefetchStrategy

        /// What a full buffer does with another value.
        public let whenFull: Publishers.BufferingStrategy<Upstream.Failure>

        /// Creates a publisher that buffers up to `size` values of `upstream`.
        public init(
            upstream: Upstream, size: Int, prefetch: Publishers.PrefetchStrategy,
            whenFull: Publishers.BufferingStrategy<Publishers.Buffer<Upstream>.Failure>
        ) {
            self.upstream = upstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(BufferSubscription(downstream: subscriber, buffer: self))
        }
    }
}

extension Publisher {
    /// Holds up to `size` values the downstream has not asked for yet.
    ///
    /// - Parameters:
    ///   - size: The most values held at once.
    ///   - prefetch: When the upstream is asked for values.
    ///   - whenFull: What a full buffer does with another value.
    public func buffer(
        size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>
    ) -> Publishers.Buffer<Self> {
        Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}

/// Buffer's subscription, with Combine's protocol:
///
/// - On the upstream's subscription it asks for `.max(size)` (`keepFull`) or `.unlimited`
///   (`byRequest`), then hands the downstream its subscription. A cancel that comes before the
///   upstream subscribed changes nothing (the upstream is still asked when it arrives).
/// - A value that finds the buffer full is dropped (`dropNewest`), makes room by dropping the
///   oldest (`dropOldest`), or (`customError`) cancels the upstream and records the error as the
///   ending, delivered after the values already buffered.
/// - One drain loop at a time delivers what the downstream asked for, in batches popped under
///   the lock; a request made from inside `receive(_:)` only adds demand for the running loop,
///   so re-entrant requests never recurse. `keepFull` asks the upstream for as many values as it
///   delivered (returned from `receive(_:)` or requested after the downstream's request).
/// - A finished upstream is passed on once the buffer is empty and there is demand; a failure
///   goes at once when there is no demand, even ahead of buffered values (as Combine's).
private final class BufferSubscription<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum State {
        case awaitingSubscription
        case subscribed(any Subscription)
        case terminated
    }

    private let downstream: Downstream
    private let size: Int
    private let prefetch: Publishers.PrefetchStrategy
    private let whenFull: Publishers.BufferingStrategy<Failure>
    private let lock = Lock()
    // Guarded by `lock`:
    private var state = State.awaitingSubscription
    private var values = ValueQueue<Input>()
    private var demand = Subscribers.Demand.none
    /// The upstream's ending (or the full buffer's error), delivered by the drain loop.
    private var ending: Subscribers.Completion<Failure>?
    /// A drain loop is delivering values (outside the lock).
    private var isDelivering = false
    /// The `customError` closure is running (outside the lock).
    private var isMakingError = false

    init(downstream: Downstream, buffer: Publishers.Buffer<Upstream>) {
        self.downstream = downstream
        size = buffer.size
        prefetch = buffer.prefetch
        whenFull = buffer.whenFull
    }

    var description: String { "Buffer" }

    var reflectedParts: [(label: String, value: Any)] {
        lock.withLock {
            let stateName: String
            switch state {
            case .awaitingSubscription: stateName = "awaitingSubscription"
            case .subscribed: stateName = "subscribed"
            case .terminated: stateName = "terminal"
            }
            return [("values", values.elements), ("state", stateName), ("downstreamDemand", demand), ("terminal", ending as Any)]
        }
    }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state else {
            lock.unlock()
            return subscription.cancel()
        }
        state = .subscribed(subscription)
        lock.unlock()
        switch prefetch {
        case .keepFull: subscription.request(.max(size))
        case .byRequest: subscription.request(.unlimited)
        }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        if isMakingError {
            lock.unlock()
            preconditionFailure("buffer(size:prefetch:whenFull:): the customError closure sent the buffer a value")
        }
        guard case .subscribed(let upstream) = state else {
            lock.unlock()
            return .none
        }
        if case .failure? = ending {
            lock.unlock()
            return .none
        }
        if values.count >= size {
            switch whenFull {
            case .dropNewest:
                lock.unlock()
                return drain()
            case .dropOldest:
                _ = values.popFirst()
            case .customError(let makeError):
                // Combine calls the closure under its lock, so a closure that sends the
                // buffer another value deadlocks there; here it traps with a message instead.
                isMakingError = true
                lock.unlock()
                let error = makeError()
                lock.lock()
                isMakingError = false
                ending = .failure(error)
                lock.unlock()
                upstream.cancel()
                return .none
            }
        }
        values.append(input)
        lock.unlock()
        return drain()
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed = state, ending == nil else { return lock.unlock() }
        ending = completion
        lock.unlock()
        _ = drain()
    }

    /// A zero request is allowed, as in Combine's.
    func request(_ newDemand: Subscribers.Demand) {
        lock.lock()
        guard case .subscribed(let upstream) = state else { return lock.unlock() }
        demand += newDemand
        let nested = isDelivering
        lock.unlock()
        guard !nested else { return }
        let refill = drain()
        if refill > 0 { upstream.request(refill) }
    }

    func cancel() {
        lock.lock()
        guard case .subscribed(let upstream) = state else { return lock.unlock() }
        state = .terminated
        values.removeAll()
        lock.unlock()
        upstream.cancel()
    }

    /// Delivers buffered values while there is demand, then the ending if it is due. Returns
    /// how many more values to ask the upstream for (`keepFull`: as many as were delivered).
    private func drain() -> Subscribers.Demand {
        var refill = Subscribers.Demand.none
        lock.lock()
        while true {
            guard case .subscribed = state else { break }
            let due: Subscribers.Completion<Failure>?
            if demand == .none {
                if case .failure? = ending { due = ending } else { break }
            } else if values.isEmpty {
                guard let ending else { break }
                due = ending
            } else {
                due = nil
            }
            if let due {
                state = .terminated
                lock.unlock()
                downstream.receive(completion: due)
                return refill
            }
            // Pop as many as the demand allows, then deliver them outside the lock.
            var batch = ValueQueue<Input>()
            while demand > 0, let value = values.popFirst() {
                batch.append(value)
                demand -= 1
            }
            isDelivering = true
            lock.unlock()
            var more = Subscribers.Demand.none
            let delivered = batch.count
            while let value = batch.popFirst() { more += downstream.receive(value) }
            if prefetch == .keepFull { refill += .max(delivered) }
            lock.lock()
            isDelivering = false
            demand += more
        }
        lock.unlock()
        return refill
    }
}
