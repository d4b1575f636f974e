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
    private var isDownstreamSubscribed = false
    /// How the trigger ended the stream before the upstream had subscribed, if it did.
    private var earlyCompletion: Subscribers.Completion<Failure>?
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
            // The trigger ended the stream before the upstream subscribed: the downstream
            // still gets a subscription before that completion.
            let early: Subscribers.Completion<Failure>? = lock.withLock {
                guard !isDownstreamSubscribed else { return nil }
                isDownstreamSubscribed = true
                return earlyCompletion.take()
            }
            if let early {
                downstream.receive(subscription: Subscriptions.empty)
                downstream.receive(completion: early)
            }
            return
        }
        lock.withLock { isDownstreamSubscribed = true }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard upstream.isSubscribed else { return .none }
        if mode == .drop, !lock.withLock({ isTriggered }) { return .max(1) }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard upstream.complete() else { return }
        trigger.cancel()
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        upstream.request(demand)
    }

    func cancel() {
        upstream.cancel()
        trigger.cancel()
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

    /// Ends the stream for the trigger: cancels a subscribed upstream and completes the
    /// downstream, or keeps the completion for an upstream that has not subscribed yet.
    private func end(with completion: Subscribers.Completion<Failure>) {
        let wasSubscribed = lock.withLock {
            if !isDownstreamSubscribed { earlyCompletion = completion }
            return isDownstreamSubscribed
        }
        if upstream.cancel(), wasSubscribed { downstream.receive(completion: completion) }
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
