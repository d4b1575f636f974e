import Synchronization

/// The upstream half of an operator that can end a stream on its own (a thrown error, a
/// satisfied `prefix`) and therefore sits between its upstream and downstream as the
/// downstream's subscription.
///
/// Holds the upstream subscription under a lock and makes the stream terminate exactly once,
/// whichever of upstream completion, downstream cancellation or the operator comes first.
/// The upstream is always called after the lock is released. Whether it is subscribed is also
/// kept in an atomic flag, so the per-value check (`isSubscribed`) takes no lock.
final class UpstreamLink: @unchecked Sendable {
    private enum State {
        case awaitingSubscription
        /// Subscribed, with requests held back (summed) until `releaseHeldRequests(adding:)`.
        case holdingRequests(any Subscription, held: Subscribers.Demand)
        case subscribed(any Subscription)
        case terminated
    }

    private let lock = Lock()
    private var state = State.awaitingSubscription {
        didSet {
            switch state {
            case .holdingRequests, .subscribed: subscribed.store(true, ordering: .releasing)
            case .awaitingSubscription, .terminated: subscribed.store(false, ordering: .releasing)
            }
        }
    }
    /// `state` is `.holdingRequests` or `.subscribed`: written under the lock, read without.
    private let subscribed = Atomic<Bool>(false)
    private let cancelsLateSubscription: Bool

    /// - Parameter cancelsLateSubscription: whether a subscription that arrives after the link
    ///   ended (a cancel before the upstream subscribed, or a completion) is cancelled. Combine's
    ///   operators differ here: most leave it alone (the upstream is not theirs any more),
    ///   `tryCompactMap`, `tryFilter` and `throttle` cancel it.
    init(cancelsLateSubscription: Bool = false) {
        self.cancelsLateSubscription = cancelsLateSubscription
    }

    /// Stores `subscription`. Returns `false` when a subscription was already stored (it is then
    /// cancelled: a publisher must subscribe an operator only once) or the link has ended (then
    /// cancelled only if `cancelsLateSubscription`).
    ///
    /// - Parameter holdingRequests: hold the requests made until `releaseHeldRequests(adding:)`,
    ///   so that demand the downstream makes while receiving its subscription reaches the
    ///   upstream as one request (`dropFirst` asks for the downstream's demand plus its count).
    func attach(_ subscription: any Subscription, holdingRequests: Bool = false) -> Bool {
        lock.lock()
        switch state {
        case .awaitingSubscription:
            state = holdingRequests ? .holdingRequests(subscription, held: .none) : .subscribed(subscription)
            lock.unlock()
            return true
        case .holdingRequests, .subscribed:
            lock.unlock()
            subscription.cancel()
            return false
        case .terminated:
            lock.unlock()
            if cancelsLateSubscription { subscription.cancel() }
            return false
        }
    }

    /// Ends the holding phase: requests the held demand plus `extra` from the upstream, in one
    /// request (none when both are zero), and forwards later requests as they come.
    func releaseHeldRequests(adding extra: Subscribers.Demand) {
        let (subscription, demand): ((any Subscription)?, Subscribers.Demand) = lock.withLock {
            guard case .holdingRequests(let subscription, let held) = state else { return (nil, .none) }
            state = .subscribed(subscription)
            return (subscription, held + extra)
        }
        if let subscription, demand > 0 { subscription.request(demand) }
    }

    /// Whether the stream is still live: subscribed and not yet ended.
    /// Read on every value: a value racing with a termination is as racy with a lock as without.
    var isSubscribed: Bool { subscribed.load(ordering: .acquiring) }

    /// Traps with `message` while no subscription has arrived (nor a cancel): Combine's
    /// operators that own their subscription trap on a value, completion or request then.
    /// Called off the value path (after `isSubscribed` said no, or per request).
    func trapIfAwaitingSubscription(_ message: @autoclosure () -> String) {
        let awaiting: Bool = lock.withLock {
            if case .awaitingSubscription = state { return true }
            return false
        }
        if awaiting { preconditionFailure(message()) }
    }

    /// Cancels the upstream if it has subscribed and the link is live; before the subscription
    /// it changes nothing (the subscription is then taken when it comes), as some of Combine's
    /// operators do. Returns whether it cancelled.
    @discardableResult
    func cancelIfSubscribed() -> Bool {
        let subscription: (any Subscription)? = lock.withLock {
            switch state {
            case .holdingRequests(let subscription, _), .subscribed(let subscription):
                state = .terminated
                return subscription
            case .awaitingSubscription, .terminated:
                return nil
            }
        }
        guard let subscription else { return false }
        subscription.cancel()
        return true
    }

    /// Whether the stream has ended (completed, cancelled or ended by the operator).
    var hasTerminated: Bool {
        lock.withLock {
            if case .terminated = state { return true }
            return false
        }
    }

    /// Forwards `demand` upstream while the link is live (or holds it, while holding).
    func request(_ demand: Subscribers.Demand) {
        let subscription: (any Subscription)? = lock.withLock {
            switch state {
            case .subscribed(let subscription):
                return subscription
            case .holdingRequests(let subscription, let held):
                state = .holdingRequests(subscription, held: held + demand)
                return nil
            case .awaitingSubscription, .terminated:
                return nil
            }
        }
        subscription?.request(demand)
    }

    /// Ends the link because the upstream completed. Returns whether it was live, so the
    /// caller forwards the completion only the first time.
    func complete() -> Bool {
        lock.withLock {
            switch state {
            case .holdingRequests, .subscribed:
                state = .terminated
                return true
            case .awaitingSubscription, .terminated:
                return false
            }
        }
    }

    /// Ends the link and cancels the upstream. Returns whether it was live, so a caller that
    /// ends the stream itself sends its completion only the first time.
    @discardableResult
    func cancel() -> Bool {
        let subscription: (any Subscription)? = lock.withLock {
            defer { state = .terminated }
            switch state {
            case .holdingRequests(let subscription, _), .subscribed(let subscription): return subscription
            case .awaitingSubscription, .terminated: return nil
            }
        }
        guard let subscription else { return false }
        subscription.cancel()
        return true
    }
}
