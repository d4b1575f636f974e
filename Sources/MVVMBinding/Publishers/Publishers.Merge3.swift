extension Publishers {
    /// A publisher that emits the values of three upstreams, with the same output and failure
    /// types, in the order they arrive.
    ///
    /// It finishes when all three have finished and fails as soon as one fails, cancelling
    /// the others. The downstream's demand is honoured across all upstreams.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure, B.Output == C.Output, B.Failure == C.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C

        /// Creates a publisher that merges the values of `a`, `b` and `c`.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergingSubscription(downstream: subscriber, description: "Merge3", sourceCount: 3)
            merge.sendSubscriptionDownstream()
            a.subscribe(merge.subscriber(forSource: 0))
            b.subscribe(merge.subscriber(forSource: 1))
            c.subscribe(merge.subscriber(forSource: 2))
        }
    }
}

extension Publishers.Merge3: Equatable where A: Equatable, B: Equatable, C: Equatable {}

extension Publisher {
    /// Merges this publisher with `b` and `c`: values from all three are emitted as they
    /// arrive.
    ///
    /// The result finishes once all have finished and fails as soon as one fails.
    public func merge<B: Publisher, C: Publisher>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
    where B.Output == Output, B.Failure == Failure, C.Output == Output, C.Failure == Failure {
        Publishers.Merge3(self, b, c)
    }
}
