extension Publishers {
    /// A publisher that groups the values of four upstreams in order: the first of each, then
    /// the second of each, and so on.
    ///
    /// It finishes once an upstream has finished and none of its values is left waiting for
    /// partners, and fails as soon as one fails; the others are then cancelled. Demand is
    /// passed to every upstream.
    public struct Zip4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
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

        /// Creates a publisher that groups the values of `a`, `b`, `c` and `d`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            typealias Engine = ZipSubscription<S>
            let sideA = Engine.TypedSide<A.Output>(index: 0)
            let sideB = Engine.TypedSide<B.Output>(index: 1)
            let sideC = Engine.TypedSide<C.Output>(index: 2)
            let sideD = Engine.TypedSide<D.Output>(index: 3)
            let engine = Engine(downstream: subscriber, description: "Zip", sides: [sideA, sideB, sideC, sideD]) {
                (sideA.takeOldest(), sideB.takeOldest(), sideC.takeOldest(), sideD.takeOldest())
            }
            engine.sendSubscriptionDownstream()
            a.subscribe(engine.subscriber(for: sideA))
            b.subscribe(engine.subscriber(for: sideB))
            c.subscribe(engine.subscriber(for: sideC))
            d.subscribe(engine.subscriber(for: sideD))
        }
    }
}

extension Publishers.Zip4: Equatable where A: Equatable, B: Equatable, C: Equatable, D: Equatable {}

extension Publisher {
    /// Groups the values of this publisher and three others in order.
    public func zip<P: Publisher, Q: Publisher, R: Publisher>(
        _ publisher1: P,
        _ publisher2: Q,
        _ publisher3: R
    ) -> Publishers.Zip4<Self, P, Q, R> where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.Zip4(self, publisher1, publisher2, publisher3)
    }

    /// Groups the values of this publisher and three others in order and maps each group with
    /// `transform`.
    public func zip<P: Publisher, Q: Publisher, R: Publisher, T>(
        _ publisher1: P,
        _ publisher2: Q,
        _ publisher3: R,
        _ transform: @escaping (Output, P.Output, Q.Output, R.Output) -> T
    ) -> Publishers.Map<Publishers.Zip4<Self, P, Q, R>, T>
    where P.Failure == Failure, Q.Failure == Failure, R.Failure == Failure {
        Publishers.Zip4(self, publisher1, publisher2, publisher3).map(transform)
    }
}
