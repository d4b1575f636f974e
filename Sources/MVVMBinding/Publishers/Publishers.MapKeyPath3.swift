extension Publishers {
    /// A publisher that publishes the values of three key paths of each upstream value, as a
    /// tuple.
    ///
    /// Demand, completion and cancellation pass straight through, as for `map`.
    public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
        public typealias Output = (Output0, Output1, Output2)
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are read.
        public let upstream: Upstream

        /// The key path of the tuple's first element.
        public let keyPath0: KeyPath<Upstream.Output, Output0>

        /// The key path of the tuple's second element.
        public let keyPath1: KeyPath<Upstream.Output, Output1>

        /// The key path of the tuple's third element.
        public let keyPath2: KeyPath<Upstream.Output, Output2>

        /// Creates a publisher that reads three key paths from each value of `upstream`.
        public init(
            upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>, keyPath1: KeyPath<Upstream.Output, Output1>,
            keyPath2: KeyPath<Upstream.Output, Output2>
        ) {
            self.upstream = upstream
            self.keyPath0 = keyPath0
            self.keyPath1 = keyPath1
            self.keyPath2 = keyPath2
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (keyPath0, keyPath1, keyPath2) = (self.keyPath0, self.keyPath1, self.keyPath2)
            upstream.subscribe(
                KeyPathSubscriber(
                    downstream: subscriber, name: "ValueForKeys",
                    keyPaths: [("keyPath0", keyPath0), ("keyPath1", keyPath1), ("keyPath2", keyPath2)]
                ) { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) })
        }
    }
}

extension Publisher {
    /// Publishes the values of three key paths of each value, as a tuple.
    public func map<T0, T1, T2>(
        _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>, _ keyPath2: KeyPath<Output, T2>
    ) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
        Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
    }
}
