extension Publishers {
    /// A publisher that transforms each value with a closure that may throw, and republishes the
    /// non-`nil` results.
    ///
    /// A thrown error cancels the upstream and fails the downstream with that error.
    public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        /// The publisher whose values are transformed.
        public let upstream: Upstream

        /// The transform; a `nil` result drops the value, throwing ends the stream.
        public let transform: (Upstream.Output) throws -> Output?

        /// Creates a publisher that republishes the non-`nil` results of `transform`.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                TryTransformSubscription<Upstream.Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "TryCompactMap", compacting: transform))
        }
    }
}

extension Publishers.TryCompactMap {
    /// Fuses two compacting maps into one stage.
    public func compactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryCompactMap(upstream: upstream) { try first($0).flatMap(transform) }
    }
}

extension Publisher {
    /// Transforms each value with `transform` and republishes the results that are not `nil`;
    /// an error it throws cancels this publisher and fails the stream with that error.
    public func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Self, T> {
        Publishers.TryCompactMap(upstream: self, transform: transform)
    }
}
