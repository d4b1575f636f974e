/// The subscription of `receive(on:)` and `delay(for:tolerance:scheduler:options:)`, with
/// Combine's protocol:
///
/// - The downstream is subscribed when the upstream is; requests are forwarded while the
///   upstream is live.
/// - Each value and the completion reach the downstream through `schedule` (the scheduler's
///   `schedule(options:)` for receive(on:), `schedule(after: now + interval, tolerance:,
///   options:)` for delay). A value is delivered while the upstream's subscription is held
///   (also after its completion arrived, before that completion is delivered), and the demand
///   the downstream returns for it is requested from the upstream; the completion is delivered
///   whatever happened meanwhile (a cancel after it arrived no longer stops it).
/// - A cancel reaches a live upstream once; values still on the scheduler are then dropped.
/// - Scheduled work holds this subscription, and it its downstream, until the work runs.
class ScheduledDeliverySubscription<Downstream: Subscriber>: Subscriber, Subscription, @unchecked Sendable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private enum State {
        case awaitingSubscription
        case subscribed(any Subscription)
        /// The upstream completed; its completion is on the scheduler.
        case pendingTerminal(any Subscription)
        case terminal

        var subscription: (any Subscription)? {
            switch self {
            case .subscribed(let subscription), .pendingTerminal(let subscription): return subscription
            case .awaitingSubscription, .terminal: return nil
            }
        }
    }

    private let downstream: Downstream
    /// Hands work to the scheduler, as the operator does.
    private let schedule: (@escaping () -> Void) -> Void
    private let lock = Lock()
    private let deliveryLock = DeliveryLock()
    private var state = State.awaitingSubscription  // guarded by `lock`

    init(downstream: Downstream, schedule: @escaping (@escaping () -> Void) -> Void) {
        self.downstream = downstream
        self.schedule = schedule
    }

    final func receive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingSubscription = state else {
            lock.unlock()
            return subscription.cancel()
        }
        state = .subscribed(subscription)
        lock.unlock()
        deliveryLock.lock()
        downstream.receive(subscription: self)
        deliveryLock.unlock()
    }

    final func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = state else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        schedule { self.deliver(input) }
        return .none
    }

    final func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed(let upstream) = state else { return lock.unlock() }
        state = .pendingTerminal(upstream)
        lock.unlock()
        schedule { self.deliver(completion) }
    }

    final func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard case .subscribed(let upstream) = state else { return lock.unlock() }
        lock.unlock()
        upstream.request(demand)
    }

    final func cancel() {
        lock.lock()
        guard case .subscribed(let upstream) = state else { return lock.unlock() }
        state = .terminal
        lock.unlock()
        upstream.cancel()
    }

    /// Runs on the scheduler.
    private func deliver(_ input: Input) {
        lock.lock()
        guard state.subscription != nil else { return lock.unlock() }
        lock.unlock()
        deliveryLock.lock()
        let more = downstream.receive(input)
        deliveryLock.unlock()
        guard more > 0 else { return }
        let upstream = lock.withLock { state.subscription }
        upstream?.request(more)
    }

    /// Runs on the scheduler.
    private func deliver(_ completion: Subscribers.Completion<Failure>) {
        lock.withLock { state = .terminal }
        deliveryLock.lock()
        downstream.receive(completion: completion)
        deliveryLock.unlock()
    }
}
