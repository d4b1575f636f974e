/// A publisher that emits one value to each subscriber and then finishes.
///
/// The value is delivered on the subscriber's first request for a value. A `Just` cannot fail.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The value delivered to each subscriber.
    public let output: Output

    /// Creates a publisher that emits `output` once and finishes.
    public init(_ output: Output) {
        self.output = output
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: JustSubscription(value: output, downstream: subscriber))
    }
}

extension Just: Equatable where Output: Equatable {}
extension Just: Sendable where Output: Sendable {}

/// Delivers the value on the first request; a later request or a cancel does nothing.
///
/// The value is kept until the subscription is released, and the downstream is released as
/// soon as it has had the value or cancelled. A flag rather than optionals says which: in
/// unspecialised code (what runs when another module subscribes) each optional of a generic
/// type costs a run-time metadata lookup, and a `Just` is often subscribed once per value (the
/// inner publisher of a `flatMap`).
private final class JustSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible,
    @unchecked Sendable
where Downstream.Failure == Never {
    private let lock = Lock()
    private let value: Downstream.Input
    // Guarded by `lock`, and never held `inout` across a call.
    /// Whether the value is still to be sent: not yet requested, not cancelled.
    @exclusivity(unchecked) private var isPending = true
    @exclusivity(unchecked) private var downstream: Downstream?

    init(value: Downstream.Input, downstream: Downstream) {
        self.value = value
        self.downstream = downstream
    }

    var description: String { "Just" }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "demand must be greater than zero")
        guard let target = takeDownstream() else { return }
        _ = target.receive(value)
        target.receive(completion: .finished)
    }

    func cancel() {
        // Released outside the lock: its deinit may be anyone's code.
        withExtendedLifetime(takeDownstream()) {}
    }

    /// Ends the subscription, returning the downstream the first time only.
    private func takeDownstream() -> Downstream? {
        lock.lock()
        defer { lock.unlock() }
        guard isPending else { return nil }
        isPending = false
        return downstream.take()
    }
}
