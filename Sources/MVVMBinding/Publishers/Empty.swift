/// A publisher that never emits a value, and either finishes at once or never completes.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
    /// Whether subscribers are finished immediately; `false` gives a publisher that stays
    /// silent forever, which is useful in tests and as a placeholder.
    public let completeImmediately: Bool

    /// Creates an empty publisher.
    /// - Parameter completeImmediately: whether to finish each subscriber at once.
    public init(completeImmediately: Bool = true) {
        self.completeImmediately = completeImmediately
    }

    /// Creates an empty publisher with its output and failure types spelled out, for call sites
    /// where they cannot be inferred.
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.completeImmediately = completeImmediately
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        if completeImmediately {
            subscriber.receive(completion: .finished)
        }
    }
}

extension Empty: Sendable {}
