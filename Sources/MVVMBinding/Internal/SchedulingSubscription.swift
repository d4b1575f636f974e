/// The shared state of the operators that hand events to a scheduler with timers of their own
/// (`debounce`, `throttle`, `collect(.byTime)`): the upstream subscription, the downstream,
/// and the lifecycle that makes the stream end exactly once (`delay`, `receive(on:)` and
/// `subscribe(on:)` follow Combine's simpler protocols: ScheduledDeliverySubscription and
/// SubscribeOn's own).
///
/// Each operator's `Inner` subclasses it and conforms to `Subscriber` and `Subscription`
/// itself, so those calls stay direct (the subclass is final) rather than going through an
/// overridable base method. Subclasses keep their own state beside `state` and `downstream`,
/// guarded by the same `lock`; the helpers here never call out while holding it.
class SchedulingSubscription<Downstream: Subscriber>: @unchecked Sendable {
    enum State {
        case awaitingSubscription
        case subscribed(any Subscription)
        case finishing  // the upstream completed; the completion is on its way to the scheduler
        case terminal
    }

    /// Guards `state`, `downstream` and the subclass's state.
    let lock = Lock()
    // Guarded by `lock`:
    var state = State.awaitingSubscription
    var downstream: Downstream?  // released once terminal

    private let cancelsLateSubscription: Bool

    /// - Parameter cancelsLateSubscription: whether a subscription arriving after the stream
    ///   ended (cancelled before the upstream subscribed) is cancelled: Combine's `throttle`
    ///   does, its `debounce` leaves it alone.
    init(downstream: Downstream, cancelsLateSubscription: Bool = false) {
        self.downstream = downstream
        self.cancelsLateSubscription = cancelsLateSubscription
    }

    /// Stores the upstream subscription and returns the downstream to hand the operator to.
    /// Returns `nil` when the operator already has one (cancelling `subscription`: a publisher
    /// must subscribe an operator only once) or has ended (cancelling it only if
    /// `cancelsLateSubscription`).
    final func attach(_ subscription: any Subscription) -> Downstream? {
        lock.lock()
        switch state {
        case .awaitingSubscription:
            state = .subscribed(subscription)
            let target = downstream
            lock.unlock()
            return target
        case .subscribed, .finishing:
            lock.unlock()
            subscription.cancel()
            return nil
        case .terminal:
            lock.unlock()
            if cancelsLateSubscription { subscription.cancel() }
            return nil
        }
    }

    /// A mirror of the downstream and the upstream while live (collect(.byTime) shows it;
    /// Combine's throttle shows nothing, its debounce its own state).
    final var downstreamAndUpstreamParts: [(label: String, value: Any)] {
        lock.withLock {
            let upstream: Any
            if case .subscribed(let subscription) = state { upstream = subscription } else { upstream = Optional<Any>.none as Any }
            return [("downstream", downstream as Any), ("upstream", upstream)]
        }
    }

    /// Whether the upstream is live: subscribed, not completed, not cancelled.
    final var isSubscribed: Bool {
        lock.withLock { if case .subscribed = state { true } else { false } }
    }

    /// The upstream subscription while it is live.
    final var upstream: (any Subscription)? {
        lock.withLock {
            if case .subscribed(let subscription) = state { return subscription }
            return nil
        }
    }

    /// The downstream while events may still be delivered to it: after the subscription and
    /// until the completion has gone out or the downstream cancelled.
    final var liveDownstream: Downstream? {
        lock.withLock {
            switch state {
            case .subscribed, .finishing: return downstream
            case .awaitingSubscription, .terminal: return nil
            }
        }
    }

    /// Marks the upstream completed. Returns whether it was live, so the operator schedules
    /// the completion only the first time.
    final func beginFinishing() -> Bool {
        lock.withLock {
            guard case .subscribed = state else { return false }
            state = .finishing
            return true
        }
    }

    /// Ends a finishing stream, with the lock held. Returns the downstream to send the
    /// completion to (after unlocking), or `nil` when the downstream cancelled first.
    final func takeDownstreamForCompletionLocked() -> Downstream? {
        guard case .finishing = state else { return nil }
        state = .terminal
        defer { downstream = nil }
        return downstream
    }

    /// Delivers `completion` to the downstream unless it cancelled first.
    final func finish(_ completion: Subscribers.Completion<Downstream.Failure>) {
        let target = lock.withLock { takeDownstreamForCompletionLocked() }
        target?.receive(completion: completion)
    }

    /// Delivers `value` to the downstream while it is live, and passes the demand it returns
    /// to the upstream.
    final func deliver(_ value: Downstream.Input) {
        guard let downstream = liveDownstream else { return }
        let more = downstream.receive(value)
        if more > 0 { upstream?.request(more) }
    }

    /// Ends the stream because the downstream cancelled, with the lock held. Returns the
    /// upstream to cancel and the downstream to let go of, both after unlocking: releasing
    /// the downstream may run its deinit, which must not happen under the lock.
    final func terminateLocked() -> (upstream: (any Subscription)?, released: Downstream?) {
        let upstream: (any Subscription)?
        if case .subscribed(let subscription) = state { upstream = subscription } else { upstream = nil }
        state = .terminal
        defer { downstream = nil }
        return (upstream, downstream)
    }
}
