extension Result {
    /// A publisher that emits a result's success value and finishes, or fails with its error.
    ///
    /// A success value is delivered on the subscriber's first request; a failure is delivered
    /// at once, without demand.
    public struct Publisher: MVVMBindingCore.Publisher {
        public typealias Output = Success

        /// The result every subscriber receives.
        public let result: Result<Success, Failure>

        /// Creates a publisher for `result`.
        public init(_ result: Result<Output, Failure>) {
            self.result = result
        }

        /// Creates a publisher that emits `output` and finishes.
        public init(_ output: Output) {
            self.init(.success(output))
        }

        /// Creates a publisher that fails with `failure`.
        public init(_ failure: Failure) {
            self.init(.failure(failure))
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            switch result {
            case .success(let output):
                subscriber.receive(subscription: SingleValueSubscription(value: output, downstream: subscriber, kind: .once))
            case .failure(let error):
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .failure(error))
            }
        }
    }

    /// A publisher that emits this result's success value, or fails with its error.
    public var publisher: Publisher {
        Publisher(self)
    }
}

extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}
extension Result.Publisher: Sendable where Success: Sendable, Failure: Sendable {}
