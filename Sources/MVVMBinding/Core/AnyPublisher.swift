/// A publisher that hides the type of the publisher it wraps.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible {
    private let subscribeBody: (AnySubscriber<Output, Failure>) -> Void

    /// Wraps `publisher`.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        // The types compared first: a cast of any other type would send the runtime looking
        // for bridging conformances (through every conformance record, the first time).
        if P.self == AnyPublisher<Output, Failure>.self, let alreadyErased = publisher as? AnyPublisher<Output, Failure> {
            self = alreadyErased
            return
        }
        subscribeBody = { publisher.receive(subscriber: $0) }
    }

    /// "AnyPublisher", as Combine's: the wrapped type stays hidden here too (and no type name
    /// is formatted when a publisher is erased).
    public var description: String { "AnyPublisher" }

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
