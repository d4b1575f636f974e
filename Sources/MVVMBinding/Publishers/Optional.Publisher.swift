extension Optional {
    /// A publisher that emits an optional's value, if it has one, and then finishes.
    ///
    /// The value is delivered on the subscriber's first request; `nil` finishes at once. It
    /// cannot fail.
    public struct Publisher: MVVMBindingCore.Publisher {
        public typealias Output = Wrapped
        public typealias Failure = Never

        /// The value to emit, or `nil` to emit none.
        public let output: Wrapped?

        /// Creates a publisher that emits `output`, if it is not `nil`, and finishes.
        public init(_ output: Output?) {
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            guard let output else {
                subscriber.receive(subscription: Subscriptions.empty)
                return subscriber.receive(completion: .finished)
            }
            subscriber.receive(subscription: SingleValueSubscription(value: output, downstream: subscriber, kind: .optional))
        }
    }

    /// A publisher that emits this optional's value, if any, and finishes.
    public var publisher: Publisher {
        Publisher(self)
    }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {}
extension Optional.Publisher: Sendable where Wrapped: Sendable {}
