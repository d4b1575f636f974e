extension Publishers {
    /// A publisher that encodes each upstream value with a `TopLevelEncoder` (for example
    /// `JSONEncoder`) and publishes the encoder's output.
    ///
    /// An encoding error cancels the upstream and fails the stream with that error.
    public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher where Upstream.Output: Encodable {
        public typealias Output = Coder.Output
        public typealias Failure = Error

        /// The publisher whose values are encoded.
        public let upstream: Upstream

        private let encoder: Coder

        /// Creates a publisher that encodes the values of `upstream` with `encoder`.
        public init(upstream: Upstream, encoder: Coder) {
            self.upstream = upstream
            self.encoder = encoder
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let encoder = self.encoder
            upstream.subscribe(
                CodingSubscription<Upstream.Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "Encode",
                    code: {
                        try encoder.encode($0)
                    }))
        }
    }
}

extension Publisher where Output: Encodable {
    /// Encodes each value with `encoder`; an encoding error cancels this publisher and fails
    /// the stream.
    public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
        Publishers.Encode(upstream: self, encoder: encoder)
    }
}
