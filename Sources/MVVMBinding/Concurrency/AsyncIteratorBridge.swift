/// The subscriber behind `AsyncPublisher` and `AsyncThrowingPublisher` iterators: requests
/// one value per `next()` call and resumes the waiting task with it.
///
/// Demand is `.max(1)` per call, so a slow consumer holds the publisher back instead of
/// values piling up. Several tasks may wait on one iterator at once, as Combine allows: each
/// call asks for one value, and values go to the waiting calls in the order they began. Cancelling the waiting task cancels the subscription and ends the
/// iteration. Events may arrive on any thread; the continuation is resumed outside the lock.
final class AsyncIteratorBridge<Input, Failure: Error>: Subscriber, Cancellable, CombineReflectable,
    @unchecked Sendable
{
    /// The result handed from the publisher's thread to the waiting task. Unchecked because
    /// `Input` need not be `Sendable`: the value changes hands once and is used only by the
    /// task that awaited it, as with Combine's own `values`.
    struct Outcome: @unchecked Sendable {
        let result: Result<Input?, Failure>
    }

    /// Owned by the iterator; when the last copy of the iterator goes away (a `for await`
    /// loop left early), the subscription is cancelled rather than left running.
    final class Handle: Sendable {
        let bridge: AsyncIteratorBridge

        init(_ bridge: AsyncIteratorBridge) { self.bridge = bridge }

        deinit { bridge.cancel() }
    }

    private enum State {
        case awaitingSubscription
        case subscribed(any Subscription)
        /// Ended; holds the completion until a `next()` call has reported it.
        case ended(Subscribers.Completion<Failure>?)
    }

    private let lock = Lock()
    // Guarded by `lock`.
    private var state = State.awaitingSubscription
    /// The calls waiting for a value, oldest first.
    private var waiting: [CheckedContinuation<Outcome, Never>] = []
    /// One per call made before the subscription arrived, requested when it does (even if
    /// those calls have ended meanwhile, as Combine's).
    private var demandBeforeSubscription = Subscribers.Demand.none

    var description: String { "AsyncPublisher" }

    /// Waits for the next value: `nil` once the publisher finished or the task was cancelled,
    /// the publisher's error (once) if it failed.
    func next(isolation: isolated (any Actor)? = #isolation) async -> Result<Input?, Failure> {
        await withTaskCancellationHandler(
            operation: {
                await withCheckedContinuation(isolation: isolation) { continuation in
                    self.wait(with: continuation)
                }.result
            },
            onCancel: { self.cancel() },
            isolation: isolation)
    }

    private func wait(with continuation: CheckedContinuation<Outcome, Never>) {
        lock.lock()
        switch state {
        case .ended(let completion):
            state = .ended(nil)
            lock.unlock()
            continuation.resume(returning: Self.outcome(for: completion))
        case .awaitingSubscription:
            // Requested when the subscription arrives.
            waiting.append(continuation)
            demandBeforeSubscription += 1
            lock.unlock()
        case .subscribed(let subscription):
            waiting.append(continuation)
            lock.unlock()
            subscription.request(.max(1))
        }
    }

    private static func outcome(for completion: Subscribers.Completion<Failure>?) -> Outcome {
        if case .failure(let error)? = completion { return Outcome(result: .failure(error)) }
        return Outcome(result: .success(nil))
    }

    // MARK: - Subscriber

    func receive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state else {
            lock.unlock()
            return subscription.cancel()
        }
        state = .subscribed(subscription)
        let owed = demandBeforeSubscription
        demandBeforeSubscription = .none
        lock.unlock()
        if owed > 0 { subscription.request(owed) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = state else {
            // A value before the subscription (a broken publisher) ends the waiting calls with
            // nil, as Combine's does; the iteration itself goes on.
            let ended = waiting
            waiting = []
            lock.unlock()
            for continuation in ended { continuation.resume(returning: Outcome(result: .success(nil))) }
            return .none
        }
        guard !waiting.isEmpty else {
            lock.unlock()
            preconditionFailure("AsyncPublisher: received a value nobody requested (a publisher sent more than its demand)")
        }
        let continuation = waiting.removeFirst()
        lock.unlock()
        continuation.resume(returning: Outcome(result: .success(input)))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let continuations: [CheckedContinuation<Outcome, Never>] = lock.withLock {
            if case .ended = state { return [] }
            defer { waiting = [] }
            // Kept for the next call unless a waiting call reports it now.
            state = .ended(waiting.isEmpty ? completion : nil)
            return waiting
        }
        // The oldest waiting call reports the completion (an error, once); the others end.
        for (index, continuation) in continuations.enumerated() {
            continuation.resume(returning: index == 0 ? Self.outcome(for: completion) : Outcome(result: .success(nil)))
        }
    }

    func cancel() {
        let (subscription, continuations) = lock.withLock {
            () -> ((any Subscription)?, [CheckedContinuation<Outcome, Never>]) in
            defer {
                state = .ended(nil)
                waiting = []
            }
            if case .subscribed(let subscription) = state { return (subscription, waiting) }
            return (nil, waiting)
        }
        subscription?.cancel()
        for continuation in continuations { continuation.resume(returning: Outcome(result: .success(nil))) }
    }
}
