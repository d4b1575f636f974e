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
/// it, a decided finish is a non-generic flag (a failure waits in a slot), and a value that finds
/// nothing buffered ahead of it and demand outstanding goes straight to the downstream
/// (`deliverDirectlyAndUnlock`) instead of through the subclass's buffer. The state is only
/// touched under `lock` and never held `inout` across a call, so `@exclusivity(unchecked)`
/// drops dynamic exclusivity checks that would guard nothing.
class FanInSubscription<Downstream: Subscriber>: Subscription, CombineReflectable, @unchecked Sendable {
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
    /// The end decided on but not yet delivered (a finish waits for buffered values).
    @exclusivity(unchecked) private var ending = FanInEnding.none
    /// The error of a decided failure, until delivered; allocated only on failure.
    @exclusivity(unchecked) private var failureSlot: UnsafeMutablePointer<Failure>?
    @exclusivity(unchecked) private var isDelivering = false
    /// Whether the stream's end is decided (finished, failed or cancelled): subclasses ignore
    /// upstream events from then on.
    @exclusivity(unchecked) private(set) var isTerminated = false
    @exclusivity(unchecked) private var deferredCalls = DeferredUpstreamCalls()
    /// Combine's `zip` rules: a value is delivered as soon as it is formed, whatever the
    /// downstream's demand (counted down while there is some), and a request the downstream
    /// makes while a value is being delivered is left to the deliverer, so the upstream whose
    /// value completed it gets its share as the return value of its `receive(_:)`.
    private let followsZipDemandRules: Bool

    init(downstream: Downstream, description: String, followsZipDemandRules: Bool = false) {
        downstreamSlot = .allocate(capacity: 1)
        downstreamSlot.initialize(to: downstream)
        self.description = description
        self.followsZipDemandRules = followsZipDemandRules
    }

    deinit {
        if hasDownstream { downstreamSlot.deinitialize(count: 1) }
        downstreamSlot.deallocate()
        discardFailureLocked()
    }

    /// The mirror shows the downstream, its outstanding demand and whether the stream ended.
    final var reflectedParts: [(label: String, value: Any)] {
        lock.withLock {
            [
                ("downstream", hasDownstream ? downstreamSlot.pointee as Any : Optional<Downstream>.none as Any),
                ("demand", demand), ("isTerminated", isTerminated),
            ]
        }
    }

    // MARK: - Hooks for subclasses (called with `lock` held)

    /// Removes and returns the next value ready for the downstream. Called only while the
    /// downstream has demand (under zip's rules, whenever a value is held).
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
        guard terminateLocked() else { return }
        ending = .finish
    }

    /// Ends the stream with `error` at once, dropping buffered values and cancelling the
    /// upstreams that are still live. The caller forgets the failed upstream first, so it is
    /// not cancelled: it has already completed.
    final func failLocked(_ error: Failure) {
        guard terminateLocked() else { return }
        ending = .failure
        let slot = UnsafeMutablePointer<Failure>.allocate(capacity: 1)
        slot.initialize(to: error)
        failureSlot = slot
        discardBufferedValuesLocked()
    }

    /// Marks the stream ended and cancels the live upstreams; returns false if it had
    /// already ended.
    private func terminateLocked() -> Bool {
        guard !isTerminated else { return false }
        isTerminated = true
        cancelUpstreamsLocked()
        return true
    }

    private func discardFailureLocked() {
        guard let failureSlot else { return }
        failureSlot.deinitialize(count: 1)
        failureSlot.deallocate()
        self.failureSlot = nil
    }

    /// Whether a value that has just arrived may go to the downstream at once, through
    /// `deliverDirectlyAndUnlock`: no delivery is running, the downstream has demand and no
    /// completion is decided. The caller also checks that it holds no value ahead of it.
    final var mayDeliverDirectlyLocked: Bool {
        !isDelivering && hasDownstream && (demand > 0 || followsZipDemandRules) && ending == .none
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
        if demand > 0 { demand -= 1 }
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
    ///
    /// It runs at the end of every drain, mostly to find nothing to do, so what touches
    /// generic optionals (a metadata lookup per call in unspecialised code) is kept in the
    /// two helpers it calls only when there is something to deliver.
    private func deliverBufferedLocked() {
        while hasDownstream {
            if ending != .none, deliverCompletionIfDueLocked() { return }
            guard demand > 0 || followsZipDemandRules, hasBufferedValuesLocked, deliverNextBufferedLocked() else { return }
        }
    }

    /// Delivers the next buffered value; returns whether there was one.
    @inline(never)
    private func deliverNextBufferedLocked() -> Bool {
        guard let value = dequeueLocked() else { return false }
        deliverLocked(value)
        return true
    }

    /// Delivers the decided completion if it is due (a failure at once, a finish once no
    /// value is held) and releases the downstream; returns whether it did.
    @inline(never)
    private func deliverCompletionIfDueLocked() -> Bool {
        let completion: Subscribers.Completion<Failure>
        switch ending {
        case .none: return false
        case .finish:
            guard !hasBufferedValuesLocked else { return false }
            completion = .finished
        case .failure:
            completion = .failure(failureSlot!.move())
            failureSlot!.deallocate()
            failureSlot = nil
        }
        ending = .none
        let target = downstreamSlot.move()
        hasDownstream = false
        discardBufferedValuesLocked()
        lock.unlock()
        target.receive(completion: completion)
        lock.lock()
        return true
    }

    // MARK: - Subscription

    final func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "demand must be greater than zero")
        lock.lock()
        guard hasDownstream else { return lock.unlock() }
        demand += newDemand
        demandDidIncreaseLocked(by: newDemand)
        // Under zip's rules a request made during a delivery waits for the deliverer.
        if followsZipDemandRules, isDelivering { return lock.unlock() }
        _ = drainAndUnlock()
    }

    final func cancel() {
        lock.lock()
        guard hasDownstream else { return lock.unlock() }
        // Released after the lock: its deinit may be anyone's code.
        let released = downstreamSlot.move()
        hasDownstream = false
        ending = .none
        discardFailureLocked()
        if !isTerminated {
            isTerminated = true
            cancelUpstreamsLocked()
        }
        discardBufferedValuesLocked()
        _ = drainAndUnlock()
        withExtendedLifetime(released) {}
    }
}
