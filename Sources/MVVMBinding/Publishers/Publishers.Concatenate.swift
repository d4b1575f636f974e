extension Publishers {
    /// A publisher that emits every value of one publisher and then, once it finishes, every
    /// value of a second.
    ///
    /// The suffix is subscribed only after the prefix finishes, and is asked for the demand
    /// the downstream has requested but not yet received; the downstream keeps one
    /// subscription throughout. A failure of the prefix ends the stream without subscribing
    /// the suffix.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure

        /// The publisher whose values come first.
        public let prefix: Prefix

        /// The publisher whose values follow once the prefix finishes.
        public let suffix: Suffix

        /// Creates a publisher that emits the values of `prefix`, then those of `suffix`.
        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let suffix = self.suffix
            RelaySubscription(downstream: subscriber, kind: .concatenate).subscribe(prefix) { relay, completion in
                guard case .finished = completion else { return completion }
                relay.subscribe(suffix) { _, completion in completion }
                return nil
            }
        }
    }
}

extension Publishers.Concatenate: Equatable where Prefix: Equatable, Suffix: Equatable {}

extension Publisher {
    /// Emits `elements` before this publisher's values.
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        prepend(elements)
    }

    /// Emits the elements of `elements` before this publisher's values.
    public func prepend<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self>
    where S.Element == Output {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Emits the values of `publisher`, and once it finishes, this publisher's values.
    public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Emits `elements` after this publisher finishes.
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        append(elements)
    }

    /// Emits the elements of `elements` after this publisher finishes.
    public func append<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>>
    where S.Element == Output {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Emits the values of `publisher` after this publisher finishes.
    public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
    where P.Output == Output, P.Failure == Failure {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }
}
