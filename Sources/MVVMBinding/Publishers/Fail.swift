/// A publisher that fails every subscriber at once with the given error.
public struct Fail<Output, Failure: Error>: Publisher {
    /// The error each subscriber receives.
    public let error: Failure

    /// Creates a publisher that fails with `error`.
    public init(error: Failure) {
        self.error = error
    }

    /// Creates a publisher that fails with `failure`, with the output type spelled out for call
    /// sites where it cannot be inferred.
    public init(outputType: Output.Type, failure: Failure) {
        self.error = failure
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
    }
}

extension Fail: Equatable where Failure: Equatable {}
extension Fail: Sendable where Failure: Sendable {}
