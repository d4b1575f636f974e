extension Publishers {
    /// A publisher that emits the values of eight upstreams, with the same output and failure
    /// types, in the order they arrive.
    ///
    /// It finishes when all eight have finished and fails as soon as one fails, cancelling
    /// the others. The downstream's demand is honoured across all upstreams.
    public struct Merge8<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>: Publisher
    where
        A.Output == B.Output, A.Failure == B.Failure,
        B.Output == C.Output, B.Failure == C.Failure,
        C.Output == D.Output, C.Failure == D.Failure,
        D.Output == E.Output, D.Failure == E.Failure,
        E.Output == F.Output, E.Failure == F.Failure,
        F.Output == G.Output, F.Failure == G.Failure,
        G.Output == H.Output, G.Failure == H.Failure
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
        /// The sixth upstream.
        public let f: F
        /// The seventh upstream.
        public let g: G
        /// The eighth upstream.
        public let h: H

        /// Creates a publisher that merges the values of `a`, `b`, `c`, `d`, `e`, `f`, `g` and `h`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
            self.e = e
            self.f = f
            self.g = g
            self.h = h
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergingSubscription(downstream: subscriber, description: "Merge8", sourceCount: 8)
            merge.sendSubscriptionDownstream()
            a.subscribe(merge.subscriber(forSource: 0))
            b.subscribe(merge.subscriber(forSource: 1))
            c.subscribe(merge.subscriber(forSource: 2))
            d.subscribe(merge.subscriber(forSource: 3))
            e.subscribe(merge.subscriber(forSource: 4))
            f.subscribe(merge.subscriber(forSource: 5))
            g.subscribe(merge.subscriber(forSource: 6))
            h.subscribe(merge.subscriber(forSource: 7))
        }
    }
}

extension Publishers.Merge8: Equatable
where A: Equatable, B: Equatable, C: Equatable, D: Equatable, E: Equatable, F: Equatable, G: Equatable, H: Equatable {}

extension Publisher {
    /// Merges this publisher with `b`, `c`, `d`, `e`, `f`, `g` and `h`: values from all eight are emitted as they
    /// arrive.
    ///
    /// The result finishes once all have finished and fails as soon as one fails.
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher, H: Publisher>(
        with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
    ) -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
    where
        B.Output == Output, B.Failure == Failure,
        C.Output == Output, C.Failure == Failure,
        D.Output == Output, D.Failure == Failure,
        E.Output == Output, E.Failure == Failure,
        F.Output == Output, F.Failure == Failure,
        G.Output == Output, G.Failure == Failure,
        H.Output == Output, H.Failure == Failure
    {
        Publishers.Merge8(self, b, c, d, e, f, g, h)
    }
}
