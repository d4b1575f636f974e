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
            upstream.subscribe(
                BreakpointSubscriber(
                    downstream: subscriber, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
                    receiveCompletion: receiveCompletion))
        }
    }
}

/// Breakpoint's subscriber: asks its closures about each event, raising `SIGTRAP` when one
/// says so, and hands the upstream subscription and every event straight through, as
/// Combine's does (so the downstream sees the upstream's subscription, and the upstream sees
/// a subscriber that prints as "Breakpoint").
private final class BreakpointSubscriber<Downstream: Subscriber>: Subscriber, CombineReflectable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let onSubscription: ((any Subscription) -> Bool)?
    private let onOutput: ((Input) -> Bool)?
    private let onCompletion: ((Subscribers.Completion<Failure>) -> Bool)?

    init(
        downstream: Downstream, receiveSubscription: ((any Subscription) -> Bool)?, receiveOutput: ((Input) -> Bool)?,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Bool)?
    ) {
        self.downstream = downstream
        onSubscription = receiveSubscription
        onOutput = receiveOutput
        onCompletion = receiveCompletion
    }

    /// As Combine's: the name, and a mirror with no children.
    var description: String { "Breakpoint" }

    func receive(subscription: any Subscription) {
        if onSubscription?(subscription) == true { raise(SIGTRAP) }
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if onOutput?(input) == true { raise(SIGTRAP) }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        if onCompletion?(completion) == true { raise(SIGTRAP) }
        downstream.receive(completion: completion)
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
