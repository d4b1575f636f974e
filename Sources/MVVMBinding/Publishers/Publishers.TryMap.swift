extension Publishers {
    /// A publisher that transforms every upstream value with a closure that may throw.
    ///
    /// A thrown error cancels the upstream and fails the downstream with that error.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        /// The publisher whose values are transformed.
        public let upstream: Upstream

        /// The transform applied to each value; throwing ends the stream.
        public let transform: (Upstream.Output) throws -> Output

        /// Creates a publisher that applies `transform` to each value of `upstream`.
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                TryTransformSubscription<Upstream.Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "TryMap", combineTryMapRules: true, mapping: transform))
        }
    }
}

extension Publishers.TryMap {
    /// Fuses a throwing map and a map into one stage.
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
    }

    /// Fuses two throwing maps into one stage.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
        let first = self.transform
        return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
    }
}

extension Publisher {
    /// Transforms every value with `transform`; an error it throws cancels this publisher and
    /// fails the stream with that error.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }
}
