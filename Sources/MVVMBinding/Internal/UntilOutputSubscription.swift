/// The engine of `prefix(untilOutputFrom:)` and `drop(untilOutputFrom:)`: republishes the
/// upstream's values (demand passes straight through) while watching a second publisher, the
/// trigger, from which it requests one value.
///
/// The trigger's first value either ends the stream (`prefix`: the upstream is cancelled and
/// the downstream finishes) or opens it (`drop`: values before it are omitted, each replaced
/// by a request for one more from upstream). Either way the trigger is then cancelled, as it is
/// when the stream ends or is cancelled. A trigger failure fails the stream only where the
/// operator says so (`drop`, whose trigger shares the upstream's failure type).
final class UntilOutputSubscription<Downstream: Subscriber>: Subscriber, Subscription, CombineReflectable,
    @unchecked Sendable
{
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    /// Where the downstream is: the trigger may end the stream from another thread at any
    /// point, and its completion must still come after the subscription, exactly once.
    private enum DownstreamState {
        case awaitingSubscription
        /// Inside `downstream.receive(subscription:)`.
        case subscribing
        case subscribed
        /// Completed or cancelled: nothing more is delivered.
        case ended
    }

    enum Mode {
        /// The trigger ends the stream.
        case prefix
        /// The trigger opens the stream.
        case drop
    }

    // An upstream that subscribes after the trigger ended the stream is cancelled: its values
    // are not wanted.
    private let upstream = UpstreamLink(cancelsLateSubscription: true)
    private let trigger = UpstreamLink()
    private let lock = Lock()
    // Guarded by `lock`:
    private var isTriggered = false
    private var downstreamState = DownstreamState.awaitingSubscription
    /// How the trigger ended the stream while the downstream had no subscription yet (or was
    /// still receiving it), for whoever gives it the subscription to deliver next.
    private var pendingCompletion: Subscribers.Completion<Failure>?
    private let mode: Mode
    private let downstream: Downstream
    let description: String

    init(downstream: Downstream, mode: Mode, name: String) {
        self.downstream = downstream
        self.mode = mode
        self.description = name
    }

    /// The subscriber to attach to the trigger publisher; `failure` says whether (and as what)
    /// a trigger failure fails the stream.
    func triggerSubscriber<Other: Publisher>(
        for other: Other, failure: @escaping (Other.Failure) -> Downstream.Failure?
    ) -> UntilOutputTrigger<Other.Output, Other.Failure, Downstream> {
        UntilOutputTrigger(parent: self, convertFailure: failure)
    }

    // MARK: Upstream

    func receive(subscription: any Subscription) {
        guard upstream.attach(subscription) else {
            // The trigger ended the stream before the upstream subscribed (it records its
            // completion before cancelling the link): the downstream still gets a
            // subscription before that completion.
            let early: Subscribers.Completion<Failure>? = lock.withLock {
                guard downstreamState == .awaitingSubscription, let completion = pendingCompletion.take() else { return nil }
                downstreamState = .ended
                return completion
            }
            if let early {
                downstream.receive(subscription: Subscriptions.empty)
                downstream.receive(completion: early)
            }
            return
        }
        lock.withLock { downstreamState = .subscribing }
        downstream.receive(subscription: self)
        // The trigger may have ended the stream from another thread meanwhile, even before
        // the state above was set: its completion waited for the subscription.
        let pending: Subscribers.Completion<Failure>? = lock.withLock {
            guard downstreamState == .subscribing else { return nil }
            guard let completion = pendingCompletion.take() else {
                downstreamState = .subscribed
                return nil
            }
            downstreamState = .ended
            return completion
        }
        if let pending { downstream.receive(completion: pending) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard upstream.isSubscribed else { return .none }
        if mode == .drop, !lock.withLock({ isTriggered }) { return .max(1) }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard upstream.complete() else { return }
        trigger.cancel()
        endDownstream()
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        upstream.request(demand)
    }

    func cancel() {
        endDownstream()
        upstream.cancel()
        trigger.cancel()
    }

    /// Records that the downstream gets nothing more, dropping a completion the trigger left.
    private func endDownstream() {
        lock.withLock {
            downstreamState = .ended
            pendingCompletion = nil
        }
    }

    // MARK: Trigger

    fileprivate func triggerReceived(subscription: any Subscription) {
        guard trigger.attach(subscription) else { return }
        trigger.request(.max(1))
    }

    fileprivate func triggerReceivedValue() {
        let isFirst = lock.withLock {
            defer { isTriggered = true }
            return !isTriggered
        }
        guard isFirst else { return }
        trigger.cancel()
        if mode == .prefix { end(with: .finished) }
    }

    fileprivate func triggerCompleted(failure: Downstream.Failure?) {
        guard trigger.complete(), let failure else { return }
        end(with: .failure(failure))
    }

    /// Ends the stream for the trigger: cancels the upstream and completes a subscribed
    /// downstream, or leaves the completion for whoever gives the downstream its subscription
    /// (recorded before the upstream link is cancelled, so a late upstream finds it).
    private func end(with completion: Subscribers.Completion<Failure>) {
        let isSubscribed: Bool = lock.withLock {
            switch downstreamState {
            case .subscribed: return true
            case .awaitingSubscription, .subscribing:
                pendingCompletion = completion
                return false
            case .ended: return false
            }
        }
        // Whether the upstream's own completion came first is the link's to decide.
        if upstream.cancel(), isSubscribed { downstream.receive(completion: completion) }
    }
}

/// Feeds the trigger publisher's events into an `UntilOutputSubscription`.
struct UntilOutputTrigger<Input, Failure: Error, Downstream: Subscriber>: Subscriber {
    let combineIdentifier = CombineIdentifier()
    fileprivate let parent: UntilOutputSubscription<Downstream>
    fileprivate let convertFailure: (Failure) -> Downstream.Failure?

    func receive(subscription: any Subscription) { parent.triggerReceived(subscription: subscription) }

    func receive(_ input: Input) -> Subscribers.Demand {
        parent.triggerReceivedValue()
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: parent.triggerCompleted(failure: nil)
        case .failure(let error): parent.triggerCompleted(failure: convertFailure(error))
        }
    }
}
