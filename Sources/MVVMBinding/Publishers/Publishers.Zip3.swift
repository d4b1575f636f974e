extension Publishers {
    /// A publisher that groups the values of three upstreams in order: the first of each,
    /// then the second of each, and so on.
    ///
    /// It finishes once an upstream has finished and none of its values is left waiting for
    /// partners, and fails as soon as one fails; the others are then cancelled. Demand is
    /// passed to every upstream.
    public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B
        /// The third upstream.
        public let c: C

        /// Creates a publisher that groups the values of `a`, `b` and `c`.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            typealias Engine = ZipSubscription<S>
            let sideA = Engine.TypedSide<A.Output>(index: 0)
            let sideB = Engine.TypedSide<B.Output>(index: 1)
            let sideC = Engine.TypedSide<C.Output>(index: 2)
            let engine = Engine(downstream: subscriber, description: "Zip", sides: [sideA, sideB, sideC]) {
                (sideA.takeOldest(), sideB.takeOldest(), sideC.takeOldest())
            }
            engine.sendSubscriptionDownstream()
            a.subscribe(engine.subscriber(for: sideA))
            b.subscribe(engine.subscriber(for: sideB))
            c.subscribe(engine.subscriber(for: sideC))
        }
    }
}

extension Publishers.Zip3: Equatable where A: Equatable, B: Equatable, C: Equatable {}

extension Publisher {
    /// Groups the values of this publisher and two others in order.
    public func zip<P: Publisher, Q: Publisher>(
        _ publisher1: P,
        _ publisher2: Q
    ) -> Publishers.Zip3<Self, P, Q> where P.Failure == Failure, Q.Failure == Failure {
        Publishers.Zip3(self, publisher1, publisher2)
    }

    /// Groups the values of this publisher and two others in order and maps each triple with
    /// `transform`.
    public func zip<P: Publisher, Q: Publisher, T>(
        _ publisher1: P,
        _ publisher2: Q,
        _ transform: @escaping (Output, P.Output, Q.Output) -> T
    ) -> Publishers.Map<Publishers.Zip3<Self, P, Q>, T> where P.Failure == Failure, Q.Failure == Failure {
        Publishers.Zip3(self, publisher1, publisher2).map(transform)
    }
}
