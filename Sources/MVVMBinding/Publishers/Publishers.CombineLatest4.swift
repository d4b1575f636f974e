extension Publishers {
    /// A publisher that, once all four upstreams have produced a value, emits the group of
    /// their latest values whenever any produces a new one.
    ///
    /// It finishes when all four have finished and fails as soon as one fails, cancelling
    /// the others. Demand is passed to every upstream; a change that arrives while the
    /// downstream has no demand is held (only the newest group) until it asks again.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C
        /// The fourth upstream.
        public let d: D

        /// Creates a publisher that combines the latest values of `a`, `b`, `c` and `d`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            typealias Engine = CombineLatestSubscription<S>
            let sideA = Engine.TypedSide<A.Output>(index: 0)
            let sideB = Engine.TypedSide<B.Output>(index: 1)
            let sideC = Engine.TypedSide<C.Output>(index: 2)
            let sideD = Engine.TypedSide<D.Output>(index: 3)
            let engine = Engine(downstream: subscriber, description: "CombineLatest4", sides: [sideA, sideB, sideC, sideD]) {
                (sideA.value, sideB.value, sideC.value, sideD.value)
            }
            engine.sendSubscriptionDownstream()
            a.subscribe(engine.subscriber(for: sideA))
            b.subscribe(engine.subscriber(for: sideB))
            c.subscribe(engine.subscriber(for: sideC))
            d.subscribe(engine.subscriber(for: sideD))
        }
    }
}

extension Publishers.CombineLatest4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

extension Publisher {
    /// Combines this publisher with three others: once all have produced a value, emits the
    /// group of their latest values whenever any produces a new one.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher>(
        _ publisher1: P,
        _ publisher2: Q,
        _ publisher3: R
    ) -> Publishers.CombineLatest4<Self, P, Q, R> where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }

    /// Combines this publisher with three others and maps each group of latest values with
    /// `transform`.
    public func combineLatest<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ publisher1: P,
        _ publisher2: Q,
        _ publisher3: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, P, Q, R>, T>
    where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3).map(transform)
    }
}
