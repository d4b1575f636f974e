/// The upstream half of an operator that can end a stream on its own (a thrown error, a
/// satisfied `prefix`) and therefore sits between its upstream and downstream as the
/// downstream's subscription.
///
/// Holds the upstream subscription under a lock and makes the stream terminate exactly once,
/// whichever of upstream completion, downstream cancellation or the operator comes first.
/// The upstream is always called after the lock is released.
final class UpstreamLink: @unchecked Sendable {
    private enum State {
        case awaitingSubscription
        case subscribed(any Subscription)
        case terminated
    }

    private let lock = Lock()
    private var state = State.awaitingSubscription

    /// Stores `subscription`. Returns `false`, having cancelled it, when a subscription was
    /// already stored or the link has ended: a publisher must subscribe an operator only once.
    func attach(_ subscription: any Subscription) -> Bool {
        lock.lock()
        guard case .awaitingSubscription = state else {
            lock.unlock()
            subscription.cancel()
            return false
        }
        state = .subscribed(subscription)
        lock.unlock()
        return true
    }

    /// Whether the stream is still live: subscribed and not yet ended.
    var isSubscribed: Bool {
        lock.withLock {
            if case .subscribed = state { return true }
            return false
        }
    }

    /// Forwards `demand` upstream while the link is live.
    func request(_ demand: Subscribers.Demand) {
        let subscription: (any Subscription)? = lock.withLock {
            if case .subscribed(let subscription) = state { return subscription }
            return nil
        }
        subscription?.request(demand)
    }

    /// Ends the link because the upstream completed. Returns whether it was live, so the
    /// caller forwards the completion only the first time.
    func complete() -> Bool {
        lock.withLock {
            guard case .subscribed = state else { return false }
            state = .terminated
            return true
        }
    }

    /// Ends the link and cancels the upstream. Returns whether it was live, so a caller that
    /// ends the stream itself sends its completion only the first time.
    @discardableResult
    func cancel() -> Bool {
        let subscription: (any Subscription)? = lock.withLock {
            defer { state = .terminated }
            if case .subscribed(let subscription) = state { return subscription }
            return nil
        }
        guard let subscription else { return false }
        subscription.cancel()
        return true
    }
}
