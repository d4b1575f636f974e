import Foundation
import MVVMBinding
import Synchronization

/// A subscriber for concurrency tests of the operators that combine several upstreams: it
/// requests unlimited values, records them, and counts how often it was entered while already
/// inside a call, so a test can assert that the operator never called it concurrently
/// (Combine's rule) and never re-entered it.
final class SerialCheckingSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    private let inside = Atomic<Int>(0)
    private let overlapCount = Atomic<Int>(0)
    private let lock = NSLock()
    private var recorded: [Input] = []  // guarded by `lock`
    private var recordedCompletion: Subscribers.Completion<Failure>?  // guarded by `lock`
    private let onCompletion: @Sendable () -> Void

    /// - Parameter onCompletion: called after the completion is recorded.
    init(onCompletion: @escaping @Sendable () -> Void = {}) {
        self.onCompletion = onCompletion
    }

    /// The values received, in order.
    var values: [Input] { lock.withLock { recorded } }
    var completion: Subscribers.Completion<Failure>? { lock.withLock { recordedCompletion } }
    /// How many calls began while another call into this subscriber was still running.
    var overlaps: Int { overlapCount.load(ordering: .relaxed) }

    func receive(subscription: any Subscription) {
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        enter()
        lock.withLock { recorded.append(input) }
        leave()
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        enter()
        lock.withLock { recordedCompletion = completion }
        leave()
        onCompletion()
    }

    private func enter() {
        if inside.add(1, ordering: .acquiringAndReleasing).newValue > 1 {
            overlapCount.add(1, ordering: .relaxed)
        }
        // Stay inside a moment, so that a concurrent call, if the operator allowed one,
        // would very likely be caught overlapping.
        for _ in 0..<100 { _ = inside.load(ordering: .relaxed) }
    }

    private func leave() {
        inside.subtract(1, ordering: .acquiringAndReleasing)
    }
}
