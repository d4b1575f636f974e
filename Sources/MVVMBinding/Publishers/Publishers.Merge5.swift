extension Publishers {
    /// A publisher that emits the values of five upstreams, with the same output and failure
    /// types, in the order they arrive.
    ///
    /// It finishes when all five have finished and fails as soon as one fails, cancelling
    /// the others. The downstream's demand is honoured across all upstreams.
    public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        B.Output == C.Output, B.Failure == C.Failure,
        C.Output == D.Output, C.Failure == D.Failure,
        D.Output == E.Output, D.Failure == E.Failure
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
        /// The fifth upstream.
        public let e: E

        /// Creates a publisher that merges the values of `a`, `b`, `c`, `d` and `e`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergingSubscription(downstream: subscriber, description: "Merge5", sourceCount: 5)
            merge.sendSubscriptionDownstream()
            a.subscribe(merge.subscriber(forSource: 0))
            b.subscribe(merge.subscriber(forSource: 1))
            c.subscribe(merge.subscriber(forSource: 2))
            d.subscribe(merge.subscriber(forSource: 3))
            e.subscribe(merge.subscriber(forSource: 4))
        }
    }
}

extension Publishers.Merge5: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable {}

extension Publisher {
    /// Merges this publisher with `b`, `c`, `d` and `e`: values from all five are emitted as they
    /// arrive.
    ///
    /// The result finishes once all have finished and fails as soon as one fails.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(with b: B, _ c: C, _ d: D, _ e: E)
        -> Publishers.Merge5<Self, B, C, D, E>
    where
        B.Output == Output, B.Failure == Failure,
        C.Output == Output, C.Failure == Failure,
        D.Output == Output, D.Failure == Failure,
        E.Output == Output, E.Failure == Failure
    {
        Publishers.Merge5(self, b, c, d, e)
    }
}
