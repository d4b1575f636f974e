#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Publishers {
    /// A publisher that raises `SIGTRAP` (stopping in an attached debugger) when a closure
    /// says so for an event, and otherwise passes everything through unchanged.
    ///
    /// This is Combine's contract, kept on purpose: it is a debugging aid a programmer adds by
    /// hand. Without a debugger, `SIGTRAP`'s default action ends the process.
    public struct Breakpoint<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose events are examined.
        public let upstream: Upstream

        /// Returns `true` to break on the subscription.
        public let receiveSubscription: ((any Subscription) -> Bool)?

        /// Returns `true` to break on a value.
        public let receiveOutput: ((Upstream.Output) -> Bool)?

        /// Returns `true` to break on the completion.
        public let receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)?

        /// Creates a publisher that breaks on the events of `upstream` the closures select.
        public init(
            upstream: Upstream,
            receiveSubscription: ((any Subscription) -> Bool)? = nil,
            receiveOutput: ((Upstream.Output) -> Bool)? = nil,
            receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Bool)? = nil
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (onSubscription, onOutput, onCompletion) = (receiveSubscription, receiveOutput, receiveCompletion)
            upstream
                .handleEvents(
                    receiveSubscription: { if onSubscription?($0) == true { raise(SIGTRAP) } },
                    receiveOutput: { if onOutput?($0) == true { raise(SIGTRAP) } },
                    receiveCompletion: { if onCompletion?($0) == true { raise(SIGTRAP) } }
                )
                .receive(subscriber: subscriber)
        }
    }
}

extension Publisher {
    /// Raises `SIGTRAP` when one of the closures returns `true` for its event (Combine's
    /// contract: for debugging only).
    public func breakpoint(
        receiveSubscription: ((any Subscription) -> Bool)? = nil,
        receiveOutput: ((Output) -> Bool)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)? = nil
    ) -> Publishers.Breakpoint<Self> {
        Publishers.Breakpoint(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion)
    }

    /// Raises `SIGTRAP` when this publisher fails (Combine's contract: for debugging only).
    public func breakpointOnError() -> Publishers.Breakpoint<Self> {
        breakpoint(receiveCompletion: { completion in
            if case .failure = completion { return true }
            return false
        })
    }
}
