extension Publishers {
    /// A publisher that writes a line for every stream event, in Combine's format, and
    /// otherwise passes everything through unchanged.
    ///
    /// The lines are `receive subscription: (…)`, `request max: (n)` or `request unlimited`,
    /// `receive value: (…)`, `receive finished`, `receive error: (…)` and `receive cancel`; a
    /// demand returned from a value is written with ` (synchronous)` after it. A non-empty
    /// prefix comes first, followed by `: `. Lines go to `stream`, or to standard output
    /// through the standard library's `print` when there is none. Writes to one `Print`'s
    /// stream never overlap.
    public struct Print<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// Put before every line.
        public let prefix: String

        /// The publisher whose events are written.
        public let upstream: Upstream

        /// Where the lines go; `nil` for standard output.
        public let stream: (any TextOutputStream)?

        /// Creates a publisher that writes the events of `upstream`, each line after `prefix`,
        /// to `stream`.
        public init(upstream: Upstream, prefix: String, to stream: (any TextOutputStream)? = nil) {
            self.upstream = upstream
            self.prefix = prefix
            self.stream = stream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(PrintSubscription(downstream: subscriber, log: PrintLog(prefix: prefix, stream: stream)))
        }
    }
}

extension Publisher {
    /// Writes a line for every event of this publisher (subscription, requests, values,
    /// completion, cancel) to `stream`, or to standard output; everything passes through.
    public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil) -> Publishers.Print<Self> {
        Publishers.Print(upstream: self, prefix: prefix, to: stream)
    }
}

/// One subscription's destination for lines: the stream is a value the writes mutate, so each
/// subscription has its own copy, behind a lock.
private final class PrintLog: @unchecked Sendable {
    private let lock = Lock()
    private let prefix: String
    private var stream: (any TextOutputStream)?  // guarded by `lock`

    init(prefix: String, stream: (any TextOutputStream)?) {
        self.prefix = prefix.isEmpty ? "" : prefix + ": "
        self.stream = stream
    }

    /// Prints the line as `Swift.print` does (to the stream: an empty prefix, the line, then
    /// the terminator, in three writes, as Combine's output shows).
    func write(_ event: String) {
        let line = prefix + event
        lock.lock()
        defer { lock.unlock() }
        guard let current = stream else { return Swift.print(line) }
        var target = Target(stream: current)
        Swift.print(line, to: &target)
        stream = target.stream
    }

    /// The stream as a concrete `TextOutputStream` for `Swift.print(_:to:)`.
    private struct Target: TextOutputStream {
        var stream: any TextOutputStream
        mutating func write(_ string: String) { stream.write(string) }
    }

    static func describe(_ demand: Subscribers.Demand) -> String {
        demand == .unlimited ? "unlimited" : "max: (\(demand.max ?? 0))"
    }
}

/// Sits between upstream and downstream so that it sees requests and cancellation too. As
/// Combine's: every event is logged, also the demand a value's delivery returns (zero
/// included); values and completions pass as they come; a cancel before the subscription or
/// after the end only logs; a second subscription is cancelled. An empty mirror.
private final class PrintSubscription<Downstream: Subscriber>: Subscriber, Subscription, CombineReflectable,
    @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private enum State {
        case awaitingSubscription
        case subscribed(any Subscription)
        case terminal
    }

    private let downstream: Downstream
    private let log: PrintLog
    private let lock = Lock()
    private var state = State.awaitingSubscription  // guarded by `lock`

    init(downstream: Downstream, log: PrintLog) {
        self.downstream = downstream
        self.log = log
    }

    var description: String { "Print" }

    func receive(subscription: any Subscription) {
        log.write("receive subscription: (\(subscription))")
        lock.lock()
        guard case .awaitingSubscription = state else {
            lock.unlock()
            return subscription.cancel()
        }
        state = .subscribed(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        log.write("receive value: (\(input))")
        let more = downstream.receive(input)
        log.write("request \(PrintLog.describe(more)) (synchronous)")
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: log.write("receive finished")
        case .failure(let error): log.write("receive error: (\(error))")
        }
        lock.withLock { state = .terminal }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        log.write("request \(PrintLog.describe(demand))")
        lock.lock()
        guard case .subscribed(let upstream) = state else { return lock.unlock() }
        lock.unlock()
        upstream.request(demand)
    }

    func cancel() {
        log.write("receive cancel")
        lock.lock()
        guard case .subscribed(let upstream) = state else { return lock.unlock() }
        state = .terminal
        lock.unlock()
        upstream.cancel()
    }
}
