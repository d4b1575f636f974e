/// A subject that holds one value, gives it to each new subscriber, and publishes every change.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    let hub: SubjectHub<Output, Failure>

    /// Creates the subject holding `value`.
    public init(_ value: Output) {
        hub = SubjectHub(replaysCurrentValue: true, initialValue: value, kind: .currentValueSubject)
    }

    /// The current value; setting it sends the new value to every subscriber.
    ///
    /// As in Combine, a value set after the subject completed is still stored (and read back),
    /// though nobody receives it; `send(_:)` after completion changes nothing.
    public var value: Output {
        get { hub.value }
        set { hub.send(newValue, storingAfterCompletion: true) }
    }

    public func send(_ value: Output) { hub.send(value) }
    public func send(completion: Subscribers.Completion<Failure>) { hub.send(completion: completion) }
    public func send(subscription: any Subscription) { hub.send(subscription: subscription) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        hub.attach(subscriber)
    }
}
