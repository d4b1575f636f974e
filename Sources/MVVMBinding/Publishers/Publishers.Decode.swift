extension Publishers {
    /// A publisher that decodes each upstream value with a `TopLevelDecoder` (for example
    /// `JSONDecoder`) into a value of `Output`.
    ///
    /// A decoding error cancels the upstream and fails the stream with that error.
    public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher
    where Upstream.Output == Coder.Input {
        public typealias Failure = Error

        /// The publisher whose values are decoded.
        public let upstream: Upstream

        private let decoder: Coder

        /// Creates a publisher that decodes the values of `upstream` with `decoder`.
        public init(upstream: Upstream, decoder: Coder) {
            self.upstream = upstream
            self.decoder = decoder
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let decoder = self.decoder
            upstream.subscribe(
                CodingSubscription<Upstream.Output, Upstream.Failure, S>(
                    downstream: subscriber, name: "Decode",
                    code: {
                        try decoder.decode(Output.self, from: $0)
                    }))
        }
    }
}

extension Publisher {
    /// Decodes each value into a `type` with `decoder`; a decoding error cancels this
    /// publisher and fails the stream.
    public func decode<Item: Decodable, Coder: TopLevelDecoder>(
        type: Item.Type, decoder: Coder
    ) -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input {
        Publishers.Decode(upstream: self, decoder: decoder)
    }
}
