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
private final class JustSubscription<Downstream: Subscriber>: Subscription, CombineReflectable,
    @unchecked Sendable
where Downstream.Failure == Never {
    private let lock = Lock()
    // Both are cleared when the value is delivered or the subscription cancelled, so the value
    // is sent at most once and the subscriber is released.
    private var value: Downstream.Input?
    private var downstream: Downstream?

    init(value: Downstream.Input, downstream: Downstream) {
        self.value = value
        self.downstream = downstream
    }

    var description: String { "Just" }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "demand must be greater than zero")
        let delivery: (Downstream.Input, Downstream)? = lock.withLock {
            defer { value = nil; downstream = nil }
            guard let value, let downstream else { return nil }
            return (value, downstream)
        }
        guard let (value, downstream) = delivery else { return }
        _ = downstream.receive(value)
        downstream.receive(completion: .finished)
    }

    func cancel() {
        lock.withLock {
            value = nil
            downstream = nil
        }
    }
}
