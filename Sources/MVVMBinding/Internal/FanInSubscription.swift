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
///
/// Performance: these operators run as unspecialised generic code in their users' modules,
/// where every access to an optional, array or tuple of a generic type costs a run-time
/// metadata lookup (tens of nanoseconds each; they were most of a value's cost). So the
/// per-value path touches none: the downstream lives in a slot of its own with a flag beside
/// it, the completion is read only once a flag says one is decided, and a value that finds
/// nothing buffered ahead of it and demand outstanding goes straight to the downstream
/// (`deliverDirectlyAndUnlock`) instead of through the subclass's buffer. The state is only
/// touched under `lock` and never held `inout` across a call, so `@exclusivity(unchecked)`
/// drops dynamic exclusivity checks that would guard nothing.
class FanInSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible, @unchecked Sendable {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    /// Guards this object's state and the subclass's.
    let lock = Lock()
    let description: String

    // All guarded by `lock`.
    /// The downstream while `hasDownstream`; moved out (and so released) when the stream
    /// ends or is cancelled.
    private let downstreamSlot: UnsafeMutablePointer<Downstream>
    @exclusivity(unchecked) private var hasDownstream = true
    /// The values the downstream asked for and has not received yet.
    @exclusivity(unchecked) private(set) var demand = Subscribers.Demand.none
    /// The completion decided on but not yet delivered (a finish waits for buffered values);
    /// read only while `hasCompletion`.
    @exclusivity(unchecked) private var completion: Subscribers.Completion<Failure>?
    @exclusivity(unchecked) private var hasCompletion = false
    @exclusivity(unchecked) private var isDelivering = false
    /// Whether the stream's end is decided (finished, failed or cancelled): subclasses ignore
    /// upstream events from then on.
    @exclusivity(unchecked) private(set) var isTerminated = false
    @exclusivity(unchecked) private var deferredCalls = DeferredUpstreamCalls()

    init(downstream: Downstream, description: String) {
        downstreamSlot = .allocate(capacity: 1)
        downstreamSlot.initialize(to: downstream)
        self.description = description
    }

    deinit {
        if hasDownstream { downstreamSlot.deinitialize(count: 1) }
        downstreamSlot.deallocate()
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
        lock.lock()
        guard hasDownstream else { return lock.unlock() }
        let target = downstreamSlot.pointee
        lock.unlock()
        target.receive(subscription: self)
    }

    /// Queues `subscription.request(demand)` for after the lock is released. `key` names the
    /// upstream, so a request meant for the upstream whose `receive(_:)` is running can be
    /// returned from that call instead (see `drainAndUnlock(returningDemandFor:)`).
    final func scheduleRequestLocked(_ demand: Subscribers.Demand, from subscription: any Subscription, key: Int) {
        deferredCalls.request(demand, from: subscription, key: key)
    }

    /// Queues `subscription.cancel()` for after the lock is released.
    final func scheduleCancelLocked(_ subscription: any Subscription) {
        deferredCalls.cancel(subscription)
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
        hasCompletion = true
        if case .failure = newCompletion { discardBufferedValuesLocked() }
    }

    /// Whether a value that has just arrived may go to the downstream at once, through
    /// `deliverDirectlyAndUnlock`: no delivery is running, the downstream has demand and no
    /// completion is decided. The caller also checks that it holds no value ahead of it.
    final var mayDeliverDirectlyLocked: Bool {
        !isDelivering && hasDownstream && demand > 0 && !hasCompletion
    }

    /// Delivers `value`, which skipped the subclass's buffer, then continues as
    /// `drainAndUnlock` does. Call with the lock held, only when `mayDeliverDirectlyLocked`.
    final func deliverDirectlyAndUnlock(_ value: Output, returningDemandFor key: Int? = nil) -> Subscribers.Demand {
        isDelivering = true
        deliverLocked(value)
        return continueDeliveringAndUnlock(returningDemandFor: key)
    }

    /// Delivers whatever can be delivered (unless another thread already is), then releases
    /// the lock and performs the scheduled upstream requests and cancellations.
    ///
    /// - Parameter key: the upstream whose `receive(_:)` is calling, if any; requests
    ///   scheduled for it are not made but returned, for that `receive(_:)` to return.
    final func drainAndUnlock(returningDemandFor key: Int? = nil) -> Subscribers.Demand {
        guard !isDelivering, hasDownstream else { return performDeferredCallsAndUnlock(returningDemandFor: key) }
        isDelivering = true
        return continueDeliveringAndUnlock(returningDemandFor: key)
    }

    /// The rest of a drain, with `isDelivering` set by the caller.
    private func continueDeliveringAndUnlock(returningDemandFor key: Int?) -> Subscribers.Demand {
        deliverBufferedLocked()
        isDelivering = false
        if hasDownstream { deliveryDidGoIdleLocked() }
        return performDeferredCallsAndUnlock(returningDemandFor: key)
    }

    private func performDeferredCallsAndUnlock(returningDemandFor key: Int?) -> Subscribers.Demand {
        guard !deferredCalls.isEmpty else {
            lock.unlock()
            return .none
        }
        let calls = deferredCalls.take()
        lock.unlock()
        return calls.perform(returningDemandFor: key)
    }

    /// Hands one value to the downstream, with the lock released around the call, and adds
    /// the demand it returns. Entered and left with the lock held.
    private func deliverLocked(_ value: Output) {
        demand -= 1
        let target = downstreamSlot.pointee
        lock.unlock()
        let more = target.receive(value)
        lock.lock()
        if more > 0, hasDownstream {
            demand += more
            demandDidIncreaseLocked(by: more)
        }
    }

    /// The delivery loop over the subclass's buffer, then the completion once due. Entered
    /// and left with the lock held.
    private func deliverBufferedLocked() {
        while hasDownstream {
            if hasCompletion, let ending = completionDueLocked() {
                completion = nil
                hasCompletion = false
                let target = downstreamSlot.move()
                hasDownstream = false
                discardBufferedValuesLocked()
                lock.unlock()
                target.receive(completion: ending)
                lock.lock()
                return
            }
            guard demand > 0, hasBufferedValuesLocked, let value = dequeueLocked() else { return }
            deliverLocked(value)
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
        guard hasDownstream else { return lock.unlock() }
        demand += newDemand
        demandDidIncreaseLocked(by: newDemand)
        _ = drainAndUnlock()
    }

    final func cancel() {
        lock.lock()
        guard hasDownstream else { return lock.unlock() }
        // Released after the lock: its deinit may be anyone's code.
        let released = downstreamSlot.move()
        hasDownstream = false
        completion = nil
        hasCompletion = false
        if !isTerminated {
            isTerminated = true
            cancelUpstreamsLocked()
        }
        discardBufferedValuesLocked()
        _ = drainAndUnlock()
        withExtendedLifetime(released) {}
    }
}
