extension Publishers {
    /// A publisher that pairs the values of two upstreams in order: the first of each, then
    /// the second of each, and so on.
    ///
    /// It finishes once an upstream has finished and none of its values is left waiting for a
    /// partner, and fails as soon as either fails; the other upstream is then cancelled.
    /// Demand is passed to both upstreams.
    ///
    ///     Publishers.Zip(service.fetchPost(id: 1), service.fetchComments(postId: 1))
    ///         .sink(receiveCompletion: { _ in }, receiveValue: { post, comments in … })
    public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure

        /// The first upstream.
        public let a: A
        /// The second upstream.
        public let b: B

        /// Creates a publisher that pairs the values of `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            typealias Engine = ZipSubscription<S>
            let sideA = Engine.TypedSide<A.Output>(index: 0)
            let sideB = Engine.TypedSide<B.Output>(index: 1)
            let engine = Engine(downstream: subscriber, description: "Zip", sides: [sideA, sideB]) {
                (sideA.takeOldest(), sideB.takeOldest())
            }
            engine.sendSubscriptionDownstream()
            a.subscribe(engine.subscriber(for: sideA))
            b.subscribe(engine.subscriber(for: sideB))
        }
    }
}

extension Publishers.Zip: Equatable where A: Equatable, B: Equatable {}

extension Publisher {
    /// Pairs the values of this publisher and `other` in order.
    public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where P.Failure == Failure {
        Publishers.Zip(self, other)
    }

    /// Pairs the values of this publisher and `other` in order and maps each pair with
    /// `transform`.
    public func zip<P: Publisher, T>(
        _ other: P,
        _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.Zip<Self, P>, T> where P.Failure == Failure {
        Publishers.Zip(self, other).map(transform)
    }
}
