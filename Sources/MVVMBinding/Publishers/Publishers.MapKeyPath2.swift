extension Publishers {
    /// A publisher that publishes the values of two key paths of each upstream value, as a
    /// tuple.
    ///
    /// Demand, completion and cancellation pass straight through, as for `map`.
    public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher {
        public typealias Output = (Output0, Output1)
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are read.
        public let upstream: Upstream

        /// The key path of the tuple's first element.
        public let keyPath0: KeyPath<Upstream.Output, Output0>

        /// The key path of the tuple's second element.
        public let keyPath1: KeyPath<Upstream.Output, Output1>

        /// Creates a publisher that reads `keyPath0` and `keyPath1` from each value of
        /// `upstream`.
        public init(upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>, keyPath1: KeyPath<Upstream.Output, Output1>) {
            self.upstream = upstream
            self.keyPath0 = keyPath0
            self.keyPath1 = keyPath1
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (keyPath0, keyPath1) = (self.keyPath0, self.keyPath1)
            upstream.subscribe(
                KeyPathSubscriber(downstream: subscriber, name: "ValueForKeys", keyPaths: [("keyPath0", keyPath0), ("keyPath1", keyPath1)]) {
                    ($0[keyPath: keyPath0], $0[keyPath: keyPath1])
                })
        }
    }
}

extension Publisher {
    /// Publishes the values of two key paths of each value, as a tuple.
    public func map<T0, T1>(_ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>) -> Publishers.MapKeyPath2<Self, T0, T1> {
        Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
    }
}
