extension Publishers {
    /// A publisher that publishes the value of a key path of each upstream value.
    ///
    /// Demand, completion and cancellation pass straight through, as for `map`.
    public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are read.
        public let upstream: Upstream

        /// The key path read from each value.
        public let keyPath: KeyPath<Upstream.Output, Output>

        /// Creates a publisher that reads `keyPath` from each value of `upstream`.
        public init(upstream: Upstream, keyPath: KeyPath<Upstream.Output, Output>) {
            self.upstream = upstream
            self.keyPath = keyPath
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let keyPath = self.keyPath
            upstream.subscribe(
                KeyPathSubscriber(downstream: subscriber, name: "ValueForKey", keyPaths: [("keyPath", keyPath)]) {
                    $0[keyPath: keyPath]
                })
        }
    }
}

extension Publisher {
    /// Publishes the value of `keyPath` of each value.
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {
        Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
    }
}
