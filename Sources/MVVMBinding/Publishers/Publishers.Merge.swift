extension Publishers {
    /// A publisher that emits the values of two upstreams, with the same output and failure
    /// types, in the order they arrive.
    ///
    /// It finishes when both upstreams have finished and fails as soon as either fails,
    /// cancelling the other. The downstream's demand is honoured across both upstreams.
    public struct Merge<A: Publisher, B: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B

        /// Creates a publisher that merges the values of `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergingSubscription(downstream: subscriber, description: "Merge", sourceCount: 2)
            merge.sendSubscriptionDownstream()
            a.subscribe(merge.subscriber(forSource: 0))
            b.subscribe(merge.subscriber(forSource: 1))
        }

        /// Merges a third publisher: the result is a `Merge3` rather than a nested `Merge`.
        public func merge<P: Publisher>(with other: P) -> Publishers.Merge3<A, B, P>
        where P.Output == Output, P.Failure == Failure {
            Publishers.Merge3(a, b, other)
        }
    }
}

extension Publishers.Merge: Equatable where A: Equatable, B: Equatable {}

extension Publisher {
    /// Merges this publisher with `other`: values from both are emitted as they arrive.
    ///
    /// The result finishes once both have finished and fails as soon as either fails.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }
}
