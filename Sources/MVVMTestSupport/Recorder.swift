import Foundation
import MVVMBindingCore

/// A subscriber that records everything a publisher sends, in order: what a test reads after
/// driving the code under test (`publisher.record()`, then `recorder.values`).
///
/// It requests an unlimited demand, and keeps its subscription until the publisher completes or
/// the recorder is cancelled or released (releasing it cancels the subscription). Values may
/// arrive on any thread; reading them is safe from any thread too. With a `TestScheduler`, what
/// a virtual-time step published is recorded by the time `advance(by:)` returns:
///
/// ```swift
/// let scheduler = TestScheduler()
/// let typed = PassthroughSubject<String, Never>()
/// let searches = typed.debounce(for: .milliseconds(250), scheduler: scheduler).record()
/// typed.send("a")
/// typed.send("ab")
/// scheduler.advance(by: .milliseconds(250))
/// XCTAssertEqual(searches.values, ["ab"])
/// ```
public final class Recorder<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    // NSLock rather than Mutex: the recorded values need not be Sendable.
    private let lock = NSLock()
    private var recordedValues: [Input] = []  // guarded by `lock`
    private var recordedCompletion: Subscribers.Completion<Failure>?  // guarded by `lock`
    private var subscription: (any Subscription)?  // guarded by `lock`
    private let onValue: @Sendable (Input) -> Void

    /// A recorder to subscribe to a publisher (`publisher.subscribe(recorder)`); most tests call
    /// `publisher.record()` instead.
    ///
    /// - Parameter onValue: called with each value after it is recorded (on the thread that
    ///   sent it), for instance to fulfil an `XCTestExpectation`.
    public init(onValue: @escaping @Sendable (Input) -> Void = { _ in }) {
        self.onValue = onValue
    }

    deinit {
        subscription?.cancel()
    }

    /// The values received so far, in order.
    public var values: [Input] { lock.withLock { recordedValues } }

    /// How the publisher completed, or `nil` while it has not.
    public var completion: Subscribers.Completion<Failure>? { lock.withLock { recordedCompletion } }

    /// Whether the publisher finished normally.
    public var isFinished: Bool {
        if case .finished? = completion { return true }
        return false
    }

    /// The error the publisher failed with, or `nil` if it has not failed.
    public var failure: Failure? {
        if case .failure(let error)? = completion { return error }
        return nil
    }

    /// Stops recording: cancels the subscription. The values recorded so far stay readable.
    public func cancel() {
        let subscription = lock.withLock { () -> (any Subscription)? in
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.cancel()
    }

    /// Part of `Subscriber`: keeps the subscription and requests every value.
    public func receive(subscription: any Subscription) {
        lock.withLock { self.subscription = subscription }
        subscription.request(.unlimited)
    }

    /// Part of `Subscriber`: records `input`, then calls `onValue`.
    public func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { recordedValues.append(input) }
        onValue(input)
        return .none
    }

    /// Part of `Subscriber`: records the completion and lets go of the subscription.
    public func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock {
            recordedCompletion = completion
            subscription = nil
        }
    }
}
