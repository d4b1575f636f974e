extension Publishers {
    /// A publisher that republishes the values that satisfy a predicate which may throw.
    ///
    /// A thrown error cancels the upstream and fails the downstream with that error.
    public struct TryFilter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error

        /// The publisher whose values are filtered.
        public let upstream: Upstream

        /// Returns `true` for the values to republish; throwing ends the stream.
        public let isIncluded: (Upstream.Output) throws -> Bool

        /// Creates a publisher that republishes the values of `upstream` that `isIncluded` accepts.
        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                TryTransformSubscription<Upstream.Output, Upstream.Failure, S>(downstream: subscriber, name: "TryFilter", convertFailure: { $0 }) {
                    input, emit in try isIncluded(input) ? .passed(emit(input)) : .skipped
                })
        }
    }
}

extension Publishers.TryFilter {
    /// Fuses a throwing filter and a filter into one stage.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }

    /// Fuses two throwing filters into one stage.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
        let first = self.isIncluded
        return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
    }
}

extension Publisher {
    /// Republishes the values for which `isIncluded` returns `true`; an error it throws cancels
    /// this publisher and fails the stream with that error.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }
}
