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
        subscriber.receive(subscription: SingleValueSubscription(value: output, downstream: subscriber, kind: .just))
    }
}

extension Just: Equatable where Output: Equatable {}
extension Just: Sendable where Output: Sendable {}
