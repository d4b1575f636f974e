extension Publishers {
    /// A publisher that emits the values of any number of upstreams of one type, in the order
    /// they arrive.
    ///
    /// It finishes when every upstream has finished (at once if there are none) and fails as
    /// soon as one fails, cancelling the others. The downstream's demand is honoured across
    /// all upstreams.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The merged publishers, in subscription order.
        public let publishers: [Upstream]

        /// Creates a publisher that merges the values of `upstream`.
        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        /// Creates a publisher that merges the values of every publisher in `upstream`.
        public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
            publishers = Array(upstream)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let merge = MergingSubscription(
                downstream: subscriber, description: "MergeMany", sourceCount: publishers.count)
            merge.sendSubscriptionDownstream()
            for (index, publisher) in publishers.enumerated() {
                publisher.subscribe(merge.subscriber(forSource: index))
            }
            if publishers.isEmpty { merge.finishIfNoSources() }
        }

        /// Adds `other` to the merged publishers.
        public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
            Publishers.MergeMany(publishers + [other])
        }
    }
}

extension Publishers.MergeMany: Equatable where Upstream: Equatable {}

extension Publisher {
    /// Merges this publisher with `other` of the same type: values from both are emitted as
    /// they arrive.
    public func merge(with other: Self) -> Publishers.MergeMany<Self> {
        Publishers.MergeMany(self, other)
    }
}
