extension Publishers {
    /// A connectable publisher that shares its upstream among its subscribers once
    /// `connect()` is called, through a `PassthroughSubject`.
    ///
    /// Copies share the same subject and connection state.
    public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        private let multicast: Multicast<Upstream, PassthroughSubject<Output, Failure>>

        /// Creates a connectable publisher over `upstream`.
        public init(upstream: Upstream) {
            multicast = Multicast(upstream: upstream, createSubject: { PassthroughSubject() })
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            multicast.subscribe(subscriber)
        }

        /// Subscribes to the upstream and starts delivering to the current subscribers.
        public func connect() -> any Cancellable {
            multicast.connect()
        }
    }
}

extension Publisher where Failure == Never {
    /// Makes this publisher connectable: subscribers receive nothing until `connect()` is
    /// called, so several can attach first and see the same values.
    public func makeConnectable() -> Publishers.MakeConnectable<Self> {
        Publishers.MakeConnectable(upstream: self)
    }
}
