extension Publisher where Failure == Never {
    /// Republishes every value from this publisher through a `@Published` property:
    /// `values.assign(to: &$property)`.
    ///
    /// Each value is assigned to the property as if by its setter (so `objectWillChange` and
    /// `$property`'s subscribers see it). No `AnyCancellable` is returned: the subscription
    /// lives as long as the property and is cancelled when the property is deinitialised. It
    /// holds the property only weakly, so `publisher.assign(to: &$x)` inside the object that
    /// owns `x` creates no retain cycle.
    public func assign(to published: inout Published<Output>.Publisher) {
        subscribe(PublishedAssignment(published.storage))
    }
}

/// The subscriber behind `assign(to:)`: requests everything and sets the property.
///
/// The property's storage keeps the upstream subscription (it cancels it when it dies); this
/// subscriber keeps only a weak reference to the storage, so the two never form a cycle.
final class PublishedAssignment<Value>: Subscriber, Sendable {
    typealias Input = Value
    typealias Failure = Never

    private weak let storage: Published<Value>.Storage?
    /// The storage's key for this subscription; a fresh identifier rather than the object's
    /// address, which a later subscriber could reuse while a stale entry remains.
    private let assignmentID = CombineIdentifier()

    init(_ storage: Published<Value>.Storage) { self.storage = storage }

    func receive(subscription: any Subscription) {
        guard let storage, storage.retainAssignment(subscription, for: assignmentID) else {
            return subscription.cancel()
        }
        subscription.request(.unlimited)
    }

    func receive(_ input: Value) -> Subscribers.Demand {
        storage?.publishThenStore(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        // The property keeps its last value; only the finished subscription is dropped.
        storage?.releaseAssignment(for: assignmentID)
    }
}
