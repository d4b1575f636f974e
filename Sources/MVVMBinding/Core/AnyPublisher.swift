/// A publisher that hides the type of the publisher it wraps.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
    private let subscribeBody: (AnySubscriber<Output, Failure>) -> Void
    private let wrappedDescription: String

    /// Wraps `publisher`.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let alreadyErased = publisher as? AnyPublisher<Output, Failure> {
            self = alreadyErased
            return
        }
        subscribeBody = { publisher.receive(subscriber: $0) }
        wrappedDescription = String(describing: P.self)
    }

    public var description: String { "AnyPublisher<\(wrappedDescription)>" }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscribeBody(AnySubscriber(subscriber))
    }
}

extension Publisher {
    /// Wraps this publisher in an `AnyPublisher` so its concrete type stays private.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}
