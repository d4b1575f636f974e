extension Publishers {
    /// A publisher that emits the values of four upstreams, with the same output and failure
    /// types, in the order they arrive.
    ///
    /// It finishes when all four have finished and fails as soon as one fails, cancelling
    /// the others. The downstream's demand is honoured across all upstreams.
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        B.Output == C.Output, B.Failure == C.Failure,
        C.Output == D.Output, C.Failure == D.Failure
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C
        /// The fourth upstream.
        public let d: D

        /// Creates a publisher that merges the values of `a`, `b`, `c` and `d`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergingSubscription(downstream: subscriber, description: "Merge4", sourceCount: 4)
            merge.sendSubscriptionDownstream()
            a.subscribe(merge.subscriber(forSource: 0))
            b.subscribe(merge.subscriber(forSource: 1))
            c.subscribe(merge.subscriber(forSource: 2))
            d.subscribe(merge.subscriber(forSource: 3))
        }
    }
}

extension Publishers.Merge4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

extension Publisher {
    /// Merges this publisher with `b`, `c` and `d`: values from all four are emitted as they
    /// arrive.
    ///
    /// The result finishes once all have finished and fails as soon as one fails.
    public func merge<B: Publisher, C: Publisher, D: Publisher>(with b: B, _ c: C, _ d: D) -> Publishers.Merge4<Self, B, C, D>
    where
        B.Output == Output, B.Failure == Failure,
        C.Output == Output, C.Failure == Failure,
        D.Output == Output, D.Failure == Failure
    {
        Publishers.Merge4(self, b, c, d)
    }
}
