/// The downstream end of an operator fed by several upstreams (merge, zip, combineLatest,
/// flatMap, switchToLatest): it tracks the downstream's demand, delivers values and the
/// completion to it, and is the subscription the downstream holds.
///
/// Upstream events may arrive on several threads at once, and Combine forbids calling a
/// subscriber concurrently. So every event first updates state under `lock` and then calls
/// `drainAndUnlock`: the first thread to get there becomes the deliverer and hands values to
/// the downstream one at a time, with the lock released around each call, until nothing
/// deliverable is left; a thread that finds a delivery in progress leaves its value in the
/// subclass's buffer for the deliverer to pick up. The downstream is therefore never entered
/// twice at once, never with the lock held, and may call `request` or `cancel` re-entrantly.
///
/// Subclasses keep their own state beside this one, guarded by the same `lock`, and override
/// the `…Locked` hooks, which run with the lock held and must not call out. Upstream requests
/// and cancellations they decide on are queued with `scheduleRequestLocked` and
/// `scheduleCancelLocked`, and performed by `drainAndUnlock` once the lock is released.
class FanInSubscription<Downstream: Subscriber>: Subscription, CombineReflectable, @unchecked Sendable {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private struct PendingRequest {
        let key: Int
        let subscription: any Subscription
        let demand: Subscribers.Demand
    }

    /// Guards this object's state and the subclass's.
    let lock = Lock()
    let description: String

    // All guarded by `lock`.
    private var downstream: Downstream?
    /// The values the downstream asked for and has not received yet.
    private(set) var demand = Subscribers.Demand.none
    /// The completion decided on but not yet delivered (a finish waits for buffered values).
    private var completion: Subscribers.Completion<Failure>?
    private var isDelivering = false
    /// Whether the stream's end is decided (finished, failed or cancelled): subclasses ignore
    /// upstream events from then on.
    private(set) var isTerminated = false
    private var pendingRequests: [PendingRequest] = []
    private var pendingCancels: [any Subscription] = []

    init(downstream: Downstream, description: String) {
        self.downstream = downstream
        self.description = description
    }

    /// The mirror shows the downstream, its outstanding demand and whether the stream ended.
    final var reflectedParts: [(label: String, value: Any)] {
        lock.withLock { [("downstream", downstream as Any), ("demand", demand), ("isTerminated", isTerminated)] }
    }

    // MARK: - Hooks for subclasses (called with `lock` held)

    /// Removes and returns the next value ready for the downstream. Called only while the
    /// downstream has demand.
    func dequeueLocked() -> Output? { nil }

    /// Whether values are still held for the downstream; a normal finish waits for them.
    var hasBufferedValuesLocked: Bool { false }

    /// The downstream's demand grew by `added` (through `request` or a `receive` return value).
    func demandDidIncreaseLocked(by added: Subscribers.Demand) {}

    /// Delivery stopped because nothing more can be delivered now: a chance to ask upstreams
    /// for more.
    func deliveryDidGoIdleLocked() {}

    /// The stream ended: schedule cancellation of every upstream still live and forget them.
    /// Called once.
    func cancelUpstreamsLocked() {}

    /// Drop every held value (on failure, cancellation, or after the completion went out).
    func discardBufferedValuesLocked() {}

    // MARK: - Tools for subclasses

    /// Hands this subscription to the downstream. Call once, before subscribing upstreams, so
    /// no upstream event can reach the downstream ahead of its subscription.
    final func sendSubscriptionDownstream() {
        let target = lock.withLock { downstream }
        target?.receive(subscription: self)
    }

    /// Queues `subscription.request(demand)` for after the lock is released. `key` names the
    /// upstream, so a request meant for the upstream whose `receive(_:)` is running can be
    /// returned from that call instead (see `drainAndUnlock(returningDemandFor:)`).
    final func scheduleRequestLocked(_ demand: Subscribers.Demand, from subscription: any Subscription, key: Int) {
        pendingRequests.append(PendingRequest(key: key, subscription: subscription, demand: demand))
    }

    /// Queues `subscription.cancel()` for after the lock is released.
    final func scheduleCancelLocked(_ subscription: any Subscription) {
        pendingCancels.append(subscription)
    }

    /// Ends the stream normally once the buffered values have been delivered; cancels the
    /// upstreams that are still live.
    final func finishLocked() {
        terminateLocked(with: .finished)
    }

    /// Ends the stream with `error` at once, dropping buffered values and cancelling the
    /// upstreams that are still live. The caller forgets the failed upstream first, so it is
    /// not cancelled: it has already completed.
    final func failLocked(_ error: Failure) {
        terminateLocked(with: .failure(error))
    }

    private func terminateLocked(with newCompletion: Subscribers.Completion<Failure>) {
        guard !isTerminated else { return }
        isTerminated = true
        cancelUpstreamsLocked()
        completion = newCompletion
        if case .failure = newCompletion { discardBufferedValuesLocked() }
    }

    /// Delivers whatever can be delivered (unless another thread already is), then releases
    /// the lock and performs the scheduled upstream requests and cancellations.
    ///
    /// - Parameter key: the upstream whose `receive(_:)` is calling, if any; requests
    ///   scheduled for it are not made but returned, for that `receive(_:)` to return.
    final func drainAndUnlock(returningDemandFor key: Int? = nil) -> Subscribers.Demand {
        if !isDelivering, downstream != nil {
            isDelivering = true
            deliverLocked()
            isDelivering = false
            if downstream != nil { deliveryDidGoIdleLocked() }
        }
        let requests = pendingRequests
        let cancels = pendingCancels
        pendingRequests.removeAll()
        pendingCancels.removeAll()
        lock.unlock()

        for subscription in cancels { subscription.cancel() }
        var returned = Subscribers.Demand.none
        for request in requests {
            if request.key == key {
                returned += request.demand
            } else {
                request.subscription.request(request.demand)
            }
        }
        return returned
    }

    /// The delivery loop. Entered and left with the lock held; releases it around every call
    /// to the downstream.
    private func deliverLocked() {
        while let target = downstream {
            if let ending = completionDueLocked() {
                completion = nil
                downstream = nil
                discardBufferedValuesLocked()
                lock.unlock()
                target.receive(completion: ending)
                lock.lock()
                return
            }
            guard demand > 0, let value = dequeueLocked() else { return }
            demand -= 1
            lock.unlock()
            let more = target.receive(value)
            lock.lock()
            if more > 0, downstream != nil {
                demand += more
                demandDidIncreaseLocked(by: more)
            }
        }
    }

    /// The completion to deliver now: a failure at once, a finish once no value is held.
    private func completionDueLocked() -> Subscribers.Completion<Failure>? {
        guard let completion else { return nil }
        if case .finished = completion, hasBufferedValuesLocked { return nil }
        return completion
    }

    // MARK: - Subscription

    final func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "demand must be greater than zero")
        lock.lock()
        guard downstream != nil else { return lock.unlock() }
        demand += newDemand
        demandDidIncreaseLocked(by: newDemand)
        _ = drainAndUnlock()
    }

    final func cancel() {
        lock.lock()
        guard downstream != nil else { return lock.unlock() }
        downstream = nil
        completion = nil
        if !isTerminated {
            isTerminated = true
            cancelUpstreamsLocked()
        }
        discardBufferedValuesLocked()
        _ = drainAndUnlock()
    }
}
