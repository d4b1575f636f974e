import Foundation
import MVVMBinding
import Synchronization

/// A subscriber that records every event it receives, in order, and lets a test decide the
/// demand: initially on subscription, and after each value.
final class TrackingSubscriber<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    enum Event: CustomStringConvertible {
        case subscription
        case value(Input)
        case completion(Subscribers.Completion<Failure>)

        var description: String {
            switch self {
            case .subscription: return "subscription"
            case .value(let value): return "value(\(value))"
            case .completion(.finished): return "finished"
            case .completion(.failure(let error)): return "failure(\(error))"
            }
        }
    }

    // NSLock rather than Mutex: the recorded values need not be Sendable.
    private let lock = NSLock()
    private var recorded: [Event] = []
    private var storedSubscription: (any Subscription)?
    private var lastSubscriptionDescription: String?
    private let initialDemand: Subscribers.Demand?
    private let demandAfterValue: @Sendable (Input) -> Subscribers.Demand

    /// - Parameters:
    ///   - initialDemand: requested on subscription; `nil` requests nothing.
    ///   - demandAfterValue: returned from each `receive(_:)`.
    init(
        initialDemand: Subscribers.Demand? = .unlimited,
        demandAfterValue: @escaping @Sendable (Input) -> Subscribers.Demand = { _ in .none }
    ) {
        self.initialDemand = initialDemand
        self.demandAfterValue = demandAfterValue
    }

    var events: [Event] { lock.withLock { recorded } }
    var subscription: (any Subscription)? { lock.withLock { storedSubscription } }
    /// `String(describing:)` of the last subscription received (kept after completion), as
    /// Combine's `print()` would show it.
    var subscriptionDescription: String? { lock.withLock { lastSubscriptionDescription } }

    /// The values received, in order.
    var values: [Input] {
        events.compactMap { if case .value(let value) = $0 { return value } else { return nil } }
    }

    /// The completion, if one arrived.
    var completion: Subscribers.Completion<Failure>? {
        for case .completion(let completion) in events { return completion }
        return nil
    }

    var isFinished: Bool {
        if case .finished? = completion { return true }
        return false
    }

    /// The history as strings, handy for `XCTAssertEqual(sut.history, [...])`.
    var history: [String] { events.map(\.description) }

    func request(_ demand: Subscribers.Demand) { subscription?.request(demand) }

    func cancel() {
        let subscription = lock.withLock { () -> (any Subscription)? in
            defer { storedSubscription = nil }
            return storedSubscription
        }
        subscription?.cancel()
    }

    func receive(subscription: any Subscription) {
        lock.withLock {
            recorded.append(.subscription)
            storedSubscription = subscription
            lastSubscriptionDescription = String(describing: subscription)
        }
        if let initialDemand, initialDemand > 0 { subscription.request(initialDemand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { recorded.append(.value(input)) }
        return demandAfterValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        // A finished subscriber lets go of its subscription, so operators that keep their
        // downstream until completion are not held in a cycle by this double.
        lock.withLock {
            recorded.append(.completion(completion))
            storedSubscription = nil
        }
    }
}

extension TrackingSubscriber.Event: Equatable where Input: Equatable, Failure: Equatable {}

/// An error type for failure-path tests.
enum TestError: Error, Equatable, CustomStringConvertible {
    case oops
    case other(String)

    var description: String {
        switch self {
        case .oops: return "oops"
        case .other(let message): return message
        }
    }
}
