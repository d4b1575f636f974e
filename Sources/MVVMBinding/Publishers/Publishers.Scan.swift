extension Publishers {
    /// A publisher that republishes a running accumulation: each upstream value is combined with
    /// the previous result, and the new result is emitted.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are accumulated.
        public let upstream: Upstream

        /// The result before the first value; each subscriber starts from it.
        public let initialResult: Output

        /// Combines the previous result with the next value.
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        /// Creates a publisher that accumulates the values of `upstream` from `initialResult`.
        public init(upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ScanSubscriber(downstream: subscriber, initialResult: initialResult, next: nextPartialResult))
        }
    }
}

extension Publisher {
    /// Emits, for each value, the result of combining it with the previous result, starting
    /// from `initialResult`. One value in gives one value out, so demand passes straight through.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self, T> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

/// Passes the subscription straight through and keeps the running result.
///
/// `result` needs no lock: only `receive(_:)` touches it, and a publisher never calls that
/// concurrently for one subscriber.
private final class ScanSubscriber<Downstream: Subscriber, Input>: Subscriber, CombineReflectable,
    @unchecked Sendable
{
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let next: (Downstream.Input, Input) -> Downstream.Input
    private var result: Downstream.Input

    init(downstream: Downstream, initialResult: Downstream.Input, next: @escaping (Downstream.Input, Input) -> Downstream.Input) {
        self.downstream = downstream
        self.result = initialResult
        self.next = next
    }

    var description: String { "Scan" }

    var reflectedParts: [(label: String, value: Any)] { [("downstream", downstream), ("result", result)] }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        result = next(result, input)
        return downstream.receive(result)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
