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
            precondition(size > 0, "a buffer must hold at least one value")
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

/// Every value goes through the queue; one drain loop at a time delivers what the downstream
/// has asked for, so values stay in order and re-entrant requests never recurse. `byRequest`
/// asks the upstream for everything at once; `keepFull` asks for the buffer's size, and after
/// a loop for as many as were delivered.
private final class BufferSubscription<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let link = UpstreamLink()
    private let downstream: Downstream
    private let buffer: Publishers.Buffer<Upstream>
    private let lock = Lock()
    // Guarded by `lock`:
    private var values = ValueQueue<Input>()
    private var demand = Subscribers.Demand.none
    private var pendingCompletion: Subscribers.Completion<Failure>?
    private var isDraining = false
    private var isTerminated = false

    init(downstream: Downstream, buffer: Publishers.Buffer<Upstream>) {
        self.downstream = downstream
        self.buffer = buffer
    }

    var description: String { "Buffer" }

    func receive(subscription: any Subscription) {
        guard link.attach(subscription) else { return }
        // As Combine's: the upstream is asked before the downstream gets its subscription,
        // for the buffer's size (`keepFull`) or without limit (`byRequest`: the buffer, not
        // the upstream, answers the downstream's requests).
        switch buffer.prefetch {
        case .keepFull: link.request(.max(buffer.size))
        case .byRequest: link.request(.unlimited)
        }
        downstream.receive(subscription: self)
    }

    /// What became of a value that reached the buffer.
    private enum Arrival {
        case queued
        case dropped
        case overflow(() -> Failure)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let outcome: Arrival = lock.withLock {
            guard !isTerminated, pendingCompletion == nil else { return .dropped }
            guard values.count >= buffer.size else {
                values.append(input)
                return .queued
            }
            switch buffer.whenFull {
            case .dropNewest:
                return .dropped
            case .dropOldest:
                _ = values.popFirst()
                values.append(input)
                return .queued
            case .customError(let makeError):
                isTerminated = true
                values.removeAll()
                return .overflow(makeError)
            }
        }
        switch outcome {
        case .queued: drain()
        case .dropped: break
        case .overflow(let makeError):
            if link.cancel() { downstream.receive(completion: .failure(makeError())) }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard link.complete() else { return }
        lock.withLock { pendingCompletion = completion }
        drain()
    }

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "API Violation: demand must not be zero")
        lock.withLock { demand += newDemand }
        drain()
    }

    func cancel() {
        link.cancel()
        lock.withLock {
            isTerminated = true
            values.removeAll()
        }
    }

    private func drain() {
        lock.lock()
        guard !isDraining, !isTerminated else { return lock.unlock() }
        isDraining = true
        var delivered = 0
        while demand > 0, let value = values.popFirst() {
            demand -= 1
            lock.unlock()
            let more = downstream.receive(value)
            delivered += 1
            lock.lock()
            demand += more
            if isTerminated { break }
        }
        isDraining = false
        let completion = values.isEmpty && !isTerminated ? pendingCompletion : nil
        if completion != nil { isTerminated = true }
        lock.unlock()

        if let completion { return downstream.receive(completion: completion) }
        if buffer.prefetch == .keepFull, delivered > 0 { link.request(.max(delivered)) }
    }
}
