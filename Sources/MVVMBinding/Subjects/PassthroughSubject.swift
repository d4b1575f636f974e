import Synchronization

/// A subject that broadcasts values to its current subscribers and keeps none.
///
/// A value sent while a subscriber has no outstanding demand is dropped for that subscriber.
/// Safe to send to from several threads; each subscriber sees the values of one `send` call
/// in the order the calls took the subject's lock.
///
/// Costs one small object until it is used: the subscriber engine is created by the first
/// subscriber, completion or upstream subscription (a value sent before any of those reaches
/// nobody, as it would with the engine).
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    /// The engine once created, owned (+1) by this subject. Set once. An untyped pointer: an
    /// atomic of a generic type costs metadata lookups on every send from unspecialised code.
    private let hubReference = Atomic<UnsafeRawPointer?>(nil)

    public init() {}

    deinit {
        if let hub = hubReference.load(ordering: .acquiring) { Self.unmanaged(hub).release() }
    }

    @inline(__always)
    private static func unmanaged(_ pointer: UnsafeRawPointer) -> Unmanaged<SubjectHub<Output, Failure>> {
        Unmanaged.fromOpaque(pointer)
    }

    /// The engine, created on first need; racing first uses agree on one.
    var hub: SubjectHub<Output, Failure> {
        if let existing = hubReference.load(ordering: .acquiring) { return Self.unmanaged(existing).takeUnretainedValue() }
        let candidate = Unmanaged.passRetained(
            SubjectHub<Output, Failure>(
                replaysCurrentValue: false, kind: .passthroughSubject, waitsForDownstreamDemand: true))
        let (stored, existing) = hubReference.compareExchange(
            expected: nil, desired: UnsafeRawPointer(candidate.toOpaque()), ordering: .acquiringAndReleasing)
        if stored { return candidate.takeUnretainedValue() }
        candidate.release()
        return Self.unmanaged(existing!).takeUnretainedValue()
    }

    public func send(_ value: Output) {
        // No engine yet: nobody subscribed, so the value reaches nobody.
        guard let hub = hubReference.load(ordering: .acquiring) else { return }
        Self.unmanaged(hub)._withUnsafeGuaranteedRef { $0.send(value) }
    }
    public func send(completion: Subscribers.Completion<Failure>) { hub.send(completion: completion) }
    public func send(subscription: any Subscription) { hub.send(subscription: subscription) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        hub.attach(subscriber)
    }
}
