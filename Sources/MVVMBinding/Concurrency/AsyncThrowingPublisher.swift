/// The values of a publisher that can fail, as an asynchronous throwing sequence:
/// `for try await value in publisher.values { … }`.
///
/// Each iteration requests one value and waits for it, so the publisher never runs ahead of
/// the loop. The loop ends when the publisher finishes and throws its error if it fails;
/// cancelling the task, or leaving the loop early, cancels the subscription.
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
    public typealias Element = P.Output

    private let publisher: P

    /// Wraps `publisher`; it is subscribed when iteration starts.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(publisher)
    }

    /// Iterates the values of one subscription to the publisher.
    public struct Iterator: AsyncIteratorProtocol {
        public typealias Element = P.Output

        private let handle: AsyncIteratorBridge<P.Output, P.Failure>.Handle

        init(_ publisher: P) {
            let bridge = AsyncIteratorBridge<P.Output, P.Failure>()
            handle = .init(bridge)
            publisher.subscribe(bridge)
        }

        /// The next value; `nil` once the publisher finished or the task was cancelled.
        /// Throws the publisher's error if it failed, and returns `nil` after that.
        public mutating func next() async throws -> P.Output? {
            try await next(isolation: nil)
        }

        /// The next value, waiting on the caller's actor so a non-`Sendable` value never
        /// crosses an isolation boundary; `for try await` loops call this form.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> P.Output? {
            try await handle.bridge.next(isolation: actor).get()
        }
    }
}

extension AsyncThrowingPublisher: Sendable where P: Sendable {}

extension Publisher {
    /// This publisher's values as an asynchronous throwing sequence, for `for try await` loops.
    public var values: AsyncThrowingPublisher<Self> {
        AsyncThrowingPublisher(self)
    }
}
