/// The subscription of publishers that emit one value and finish (`Just`, `Optional.Publisher`,
/// a successful `Result.Publisher`): delivers the value and `finished` on the first request;
/// a later request or a cancel does nothing.
///
/// The value is kept until the subscription is released, and the downstream is released as
/// soon as it has had the value or cancelled. A flag rather than optionals says which: in
/// unspecialised code (what runs when another module subscribes) each optional of a generic
/// type costs a run-time metadata lookup, and a `Just` is often subscribed once per value (the
/// inner publisher of a `flatMap`).
final class SingleValueSubscription<Downstream: Subscriber>: Subscription, CombineReflectable, @unchecked Sendable {
    private let lock = Lock()
    private let value: Downstream.Input
    // Guarded by `lock`, and never held `inout` across a call.
    /// Whether the value is still to be sent: not yet requested, not cancelled.
    @exclusivity(unchecked) private var isPending = true
    @exclusivity(unchecked) private var downstream: Downstream?
    private let kind: SingleValueSubscriptionKind

    init(value: Downstream.Input, downstream: Downstream, kind: SingleValueSubscriptionKind) {
        self.value = value
        self.downstream = downstream
        self.kind = kind
    }

    /// Combine's name for the publisher's subscription: computed, so no string is stored.
    var description: String {
        switch kind {
        case .just: return "Just"
        case .once: return "Once"
        case .optional: return "Optional"
        }
    }

    /// As Combine's: one unlabelled child, the value. Made only when a mirror is asked for.
    var customMirror: Mirror {
        Mirror(self, unlabeledChildren: CollectionOfOne(value))
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "API Violation: demand must not be zero")
        guard let target = takeDownstream() else { return }
        _ = target.receive(value)
        target.receive(completion: .finished)
    }

    func cancel() {
        // Released outside the lock: its deinit may be anyone's code.
        withExtendedLifetime(takeDownstream()) {}
    }

    /// Ends the subscription, returning the downstream the first time only.
    private func takeDownstream() -> Downstream? {
        lock.lock()
        defer { lock.unlock() }
        guard isPending else { return nil }
        isPending = false
        return downstream.take()
    }
}

/// Which publisher a `SingleValueSubscription` serves, for its description.
enum SingleValueSubscriptionKind: UInt8 {
    case just
    case once  // a successful `Result.Publisher`
    case optional
}
