extension Publishers {
    /// A publisher that republishes the values whose positions fall in a range, then finishes.
    ///
    /// Values before the range are dropped (each replaced by a request for one more). Once the
    /// last value in the range has been republished, the upstream is cancelled and the
    /// downstream finished at once, without waiting for another upstream value; the demand the
    /// downstream returned for that value is still returned, as Combine does.
    ///
    /// As in Combine, values are counted and passed on even when a misbehaving upstream sends
    /// them before the subscription or after its completion.
    public struct Output<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are selected.
        public let upstream: Upstream

        /// The positions, counted from zero, of the values to republish.
        public let range: CountableRange<Int>

        /// Creates a publisher that republishes the values of `upstream` at the positions in
        /// `range`.
        public init(upstream: Upstream, range: CountableRange<Int>) {
            precondition(range.lowerBound >= 0, "range must not start below zero")
            self.upstream = upstream
            self.range = range
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(OutputSubscription<Upstream.Failure, S>(downstream: subscriber, range: range))
        }
    }
}

extension Publishers.Output: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Republishes at most the first `maxLength` values, then cancels this publisher and
    /// finishes.
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        precondition(maxLength >= 0, "maxLength must not be negative")
        return output(in: 0..<maxLength)
    }

    /// Republishes only the value at position `index` (counted from zero), then finishes.
    public func output(at index: Int) -> Publishers.Output<Self> {
        output(in: index...index)
    }

    /// Republishes the values at the positions in `range` (counted from zero), then finishes.
    public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
        Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
    }
}

/// Output's subscription: counts values, forwards demand unchanged, and ends the stream itself
/// once the range is exhausted.
///
/// `position` needs no lock: only `receive(_:)` touches it, and a publisher never calls that
/// concurrently for one subscriber.
private final class OutputSubscription<UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Failure == UpstreamFailure {
    typealias Input = Downstream.Input
    typealias Failure = UpstreamFailure

    private let link = UpstreamLink()
    private let downstream: Downstream
    private let range: CountableRange<Int>
    private var position = 0

    init(downstream: Downstream, range: CountableRange<Int>) {
        self.downstream = downstream
        self.range = range
    }

    var description: String { "Output" }

    func receive(subscription: any Subscription) {
        guard link.attach(subscription) else { return }
        downstream.receive(subscription: self)
        // Nothing can ever be republished (`prefix(0)`): end now rather than on the next value.
        if range.isEmpty { finish() }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard position < range.upperBound else {
            // The range ran out before the subscription came: the stream ends now.
            finish()
            return .none
        }
        let current = position
        position += 1
        if current < range.lowerBound { return .max(1) }
        let more = downstream.receive(input)
        if position == range.upperBound { finish() }
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard link.complete() else { return }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        link.request(demand)
    }

    /// Before the subscription a cancel changes nothing, as Combine's.
    func cancel() {
        link.cancelIfSubscribed()
    }

    /// Cancels the upstream and finishes the downstream, once, if subscribed; before the
    /// subscription nothing ends (as Combine's): the subscription is then taken and passed on,
    /// and the next value ends the stream.
    private func finish() {
        if link.cancelIfSubscribed() { downstream.receive(completion: .finished) }
    }
}
