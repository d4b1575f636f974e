extension Publishers {
    /// A publisher that, once all three upstreams have produced a value, emits the triple of
    /// their latest values whenever any produces a new one.
    ///
    /// It finishes when all three have finished and fails as soon as one fails, cancelling
    /// the others. Demand is passed to every upstream; a change that arrives while the
    /// downstream has no demand is held (only the newest triple) until it asks again.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C

        /// Creates a publisher that combines the latest values of `a`, `b` and `c`.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            typealias Engine = CombineLatestSubscription<S>
            let sideA = Engine.TypedSide<A.Output>(index: 0)
            let sideB = Engine.TypedSide<B.Output>(index: 1)
            let sideC = Engine.TypedSide<C.Output>(index: 2)
            let engine = Engine(downstream: subscriber, description: "CombineLatest3", sides: [sideA, sideB, sideC]) {
                (sideA.value, sideB.value, sideC.value)
            }
            engine.sendSubscriptionDownstream()
            a.subscribe(engine.subscriber(for: sideA))
            b.subscribe(engine.subscriber(for: sideB))
            c.subscribe(engine.subscriber(for: sideC))
        }
    }
}

extension Publishers.CombineLatest3: Equatable where A: Equatable, B: Equatable, C: Equatable {}

extension Publisher {
    /// Combines this publisher with two others: once all have produced a value, emits the
    /// triple of their latest values whenever any produces a new one.
    public func combineLatest<P: Publisher, Q: Publisher>(
        _ publisher1: P,
        _ publisher2: Q
    ) -> Publishers.CombineLatest3<Self, P, Q> where P.Failure == Failure, Q.Failure == Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2)
    }

    /// Combines this publisher with two others and maps each triple of latest values with
    /// `transform`.
    public func combineLatest<P: Publisher, Q: Publisher, T>(
        _ publisher1: P,
        _ publisher2: Q,
        _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T> where P.Failure == Failure, Q.Failure == Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2).map(transform)
    }
}
