/// The values of a publisher that cannot fail, as an asynchronous sequence:
/// `for await value in publisher.values { … }`.
///
/// Each iteration requests one value and waits for it, so the publisher never runs ahead of
/// the loop. The loop ends when the publisher finishes; cancelling the task, or leaving the
/// loop early, cancels the subscription.
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
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

        private let handle: AsyncIteratorBridge<P.Output, Never>.Handle

        init(_ publisher: P) {
            let bridge = AsyncIteratorBridge<P.Output, Never>()
            handle = .init(bridge)
            publisher.subscribe(bridge)
        }

        /// The next value, or `nil` once the publisher finished or the task was cancelled.
        public mutating func next() async -> P.Output? {
            await next(isolation: nil)
        }

        /// The next value, waiting on the caller's actor so a non-`Sendable` value never
        /// crosses an isolation boundary; `for await` loops call this form.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> P.Output? {
            switch await handle.bridge.next(isolation: actor) {
            case .success(let value): return value
            }
        }
    }
}

extension AsyncPublisher: Sendable where P: Sendable {}

extension Publisher where Failure == Never {
    /// This publisher's values as an asynchronous sequence, for `for await` loops.
    public var values: AsyncPublisher<Self> {
        AsyncPublisher(self)
    }
}
