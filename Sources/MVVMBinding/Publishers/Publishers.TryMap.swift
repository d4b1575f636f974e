extension Publishers {
    /// A publisher that transforms every upstream value with a closure that may throw.
    ///
    /// A thrown error cancels the upstream and fails the downstream with that error. As
    /// Combine's, it transforms whatever the upstream sends, even after the stream ended.
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
            upstream.subscribe(TryMapSubscription<Upstream.Output, Upstream.Failure, S>(downstream: subscriber, transform: transform))
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

/// TryMap's subscription, with Combine's protocol: every value the upstream sends is
/// transformed and passed on, with no check of its own (so a value costs one closure call and
/// one direct call, no lock); a thrown error cancels the upstream if it is still live and fails
/// the downstream. The upstream's completion is passed on once, requests and a cancel reach a
/// live upstream only (a cancel before the subscription changes nothing), and a second
/// subscription, or one after the end, is cancelled.
private final class TryMapSubscription<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Failure == any Error {
    typealias Failure = UpstreamFailure

    private let link = UpstreamLink(cancelsLateSubscription: true)
    private let downstream: Downstream
    private let transform: (Input) throws -> Downstream.Input

    init(downstream: Downstream, transform: @escaping (Input) throws -> Downstream.Input) {
        self.downstream = downstream
        self.transform = transform
    }

    var description: String { "TryMap" }

    func receive(subscription: any Subscription) {
        guard link.attach(subscription) else { return }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let output: Downstream.Input
        do {
            output = try transform(input)
        } catch {
            link.cancel()
            downstream.receive(completion: .failure(error))
            return .none
        }
        return downstream.receive(output)
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        guard link.complete() else { return }
        downstream.receive(completion: completion.eraseError())
    }

    func request(_ demand: Subscribers.Demand) { link.request(demand) }

    func cancel() { link.cancelIfSubscribed() }
}
