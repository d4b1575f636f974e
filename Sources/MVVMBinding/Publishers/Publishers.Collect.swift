extension Publishers {
    /// A publisher that gathers every upstream value and, when the upstream finishes, emits them
    /// as one array.
    ///
    /// On the first request it asks upstream for unlimited values. An upstream failure is passed
    /// on and the gathered values are discarded.
    public struct Collect<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are gathered.
        public let upstream: Upstream

        /// Creates a publisher that gathers the values of `upstream` into one array.
        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                ReducingSubscription<Upstream.Output, Failure, S>(
                    downstream: subscriber, name: "Collect", initialResult: [],
                    reflectResult: { [("count", $0?.count ?? 0)] }
                ) { result, input in
                    result?.append(input)
                    return .needsMore
                })
        }
    }
}

extension Publishers.Collect: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Gathers every value and emits them as one array when this publisher finishes.
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }
}
