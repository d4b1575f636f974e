extension Publishers {
    /// A publisher that publishes one Boolean: whether the upstream emits a given value.
    ///
    /// The first equal value settles the answer (`true`) and cancels the upstream; an upstream
    /// that finishes without one gives `false`. An upstream failure is passed on.
    public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are searched.
        public let upstream: Upstream

        /// The value to look for.
        public let output: Upstream.Output

        /// Creates a publisher that looks for `output` among the values of `upstream`.
        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let wanted = output
            upstream.subscribe(
                ReducingSubscription<Upstream.Output, Failure, S>(downstream: subscriber, name: "Contains", initialResult: false) {
                    result, input in
                    guard input == wanted else { return .needsMore }
                    result = true
                    return .done
                })
        }
    }
}

extension Publishers.Contains: Equatable where Upstream: Equatable {}

extension Publisher where Output: Equatable {
    /// Publishes whether this publisher emits `output`: `true` as soon as it does (cancelling
    /// this publisher), `false` when it finishes without it.
    public func contains(_ output: Output) -> Publishers.Contains<Self> {
        Publishers.Contains(upstream: self, output: output)
    }
}
