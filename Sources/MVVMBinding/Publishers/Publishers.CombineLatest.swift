extension Publishers {
    /// A publisher that, once both upstreams have produced a value, emits the pair of their
    /// latest values whenever either produces a new one.
    ///
    /// It finishes when both upstreams have finished and fails as soon as either fails,
    /// cancelling the other. Demand is passed to both upstreams; a change that arrives while
    /// the downstream has no demand is held (only the newest pair) until it asks again.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B

        /// Creates a publisher that combines the latest values of `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            typealias Engine = CombineLatestSubscription<S>
            let sideA = Engine.TypedSide<A.Output>(index: 0)
            let sideB = Engine.TypedSide<B.Output>(index: 1)
            let engine = Engine(downstream: subscriber, description: "CombineLatest", sides: [sideA, sideB]) {
                (sideA.value, sideB.value)
            }
            engine.sendSubscriptionDownstream()
            a.subscribe(engine.subscriber(for: sideA))
            b.subscribe(engine.subscriber(for: sideB))
        }
    }
}

extension Publishers.CombineLatest: Equatable where A: Equatable, B: Equatable {}

extension Publisher {
    /// Combines this publisher with `other`: once both have produced a value, emits the pair
    /// of their latest values whenever either produces a new one.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Combines this publisher with `other` and maps each pair of latest values with
    /// `transform`.
    public func combineLatest<P: Publisher, T>(
        _ other: P,
        _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
        Publishers.CombineLatest(self, other).map(transform)
    }
}
