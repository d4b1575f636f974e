/// A publisher that eventually produces one value and finishes, or fails.
///
/// The closure passed to `init` runs once, immediately, and is handed a promise to call with
/// the result. Only the first call of the promise counts. Every subscriber, whenever it
/// subscribes, receives that result: a value once it has requested one, a failure at once.
///
/// The promise handed to the closure is `@Sendable`, so it may be called from any thread or
/// task (Swift 6 rejects capturing Apple's non-`Sendable` promise in a `Task`); it still fits
/// in a variable of type `Promise`, and any closure written for Apple's signature compiles.
public final class Future<Output, Failure: Error>: Publisher, @unchecked Sendable {
    /// The closure that resolves a future.
    public typealias Promise = (Result<Output, Failure>) -> Void

    private let lock = Lock()
    private var result: Result<Output, Failure>?
    // Subscriptions waiting for the result; emptied when it arrives.
    private var waiting: [any FutureWaiter<Output, Failure>] = []

    /// Creates a future and runs `attemptToFulfill` at once with its promise.
    public init(_ attemptToFulfill: @escaping (@escaping @Sendable (Result<Output, Failure>) -> Void) -> Void) {
        attemptToFulfill { result in self.fulfill(result) }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = FutureSubscription(future: self, downstream: subscriber)
        // The subscriber gets its subscription before it can be resolved, so a failure can
        // never overtake `receive(subscription:)`.
        subscriber.receive(subscription: subscription)
        lock.lock()
        if let result {
            lock.unlock()
            subscription.resolve(with: result)
        } else {
            if subscription.isActive { waiting.append(subscription) }
            lock.unlock()
        }
    }

    private func fulfill(_ newResult: Result<Output, Failure>) {
        lock.lock()
        guard result == nil else { return lock.unlock() }
        result = newResult
        let waiters = waiting
        waiting.removeAll()
        lock.unlock()
        for waiter in waiters { waiter.resolve(with: newResult) }
    }

    fileprivate func detach(_ waiter: any FutureWaiter<Output, Failure>) {
        lock.withLock {
            if let index = waiting.firstIndex(where: { $0 === waiter }) { waiting.remove(at: index) }
        }
    }
}

/// A subscription waiting for a future's result, whatever its subscriber type.
private protocol FutureWaiter<Output, Failure>: AnyObject {
    associatedtype Output
    associatedtype Failure: Error
    func resolve(with result: Result<Output, Failure>)
}

/// One subscriber's view of a future: delivers the result once the subscriber has demand
/// (failures need none), then forgets the subscriber. As Combine's, it keeps the future (its
/// mirror's parent) until the result it waited for has been delivered (for good, when the
/// result came first and a request delivered it) or it is cancelled. Mirror: parent,
/// downstream, hasAnyDemand, subject.
private final class FutureSubscription<Downstream: Subscriber>: Subscription, FutureWaiter,
    CombineReflectable, @unchecked Sendable
{
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    // Kept only while waiting: the future to detach from on cancel, and the subscriber.
    private var future: Future<Output, Failure>?
    private var downstream: Downstream?
    private var result: Result<Output, Failure>?
    private var hasDemand = false

    init(future: Future<Output, Failure>, downstream: Downstream) {
        self.future = future
        self.downstream = downstream
    }

    var description: String { "Future" }

    var reflectedParts: [(label: String, value: Any)] {
        lock.withLock { [("parent", future as Any), ("downstream", downstream as Any), ("hasAnyDemand", hasDemand), ("subject", future as Any)] }
    }

    /// Whether the subscriber is still waiting (not cancelled, not yet served).
    var isActive: Bool { lock.withLock { downstream != nil } }

    func resolve(with newResult: Result<Output, Failure>) {
        lock.lock()
        guard let target = downstream else { return lock.unlock() }
        if case .success = newResult, !hasDemand {
            // No longer in the future's waiting list; the future is kept until delivery.
            result = newResult
            return lock.unlock()
        }
        downstream = nil
        lock.unlock()
        deliver(newResult, to: target)
        lock.withLock { release() }
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "API Violation: demand must not be zero")
        lock.lock()
        guard let target = downstream else { return lock.unlock() }
        hasDemand = true
        guard let ready = result else { return lock.unlock() }
        downstream = nil
        result = nil
        lock.unlock()
        // As Combine's, a result delivered on request leaves the future in the mirror.
        deliver(ready, to: target)
    }

    func cancel() {
        let owner: Future<Output, Failure>? = lock.withLock {
            defer { release() }
            return future
        }
        owner?.detach(self)
    }

    /// Drops every reference; the caller holds `lock`.
    private func release() {
        downstream = nil
        future = nil
        result = nil
        hasDemand = false
    }

    private func deliver(_ result: Result<Output, Failure>, to target: Downstream) {
        switch result {
        case .success(let value):
            _ = target.receive(value)
            target.receive(completion: .finished)
        case .failure(let error):
            target.receive(completion: .failure(error))
        }
    }
}
