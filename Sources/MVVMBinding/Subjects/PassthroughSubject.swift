/// A subject that broadcasts values to its current subscribers and keeps none.
///
/// A value sent while a subscriber has no outstanding demand is dropped for that subscriber.
/// Safe to send to from several threads; each subscriber sees the values of one `send` call
/// in the order the calls took the subject's lock.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    let hub = SubjectHub<Output, Failure>(replaysCurrentValue: false)

    public init() {}

    public func send(_ value: Output) { hub.send(value) }
    public func send(completion: Subscribers.Completion<Failure>) { hub.send(completion: completion) }
    public func send(subscription: any Subscription) { hub.send(subscription: subscription) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        hub.attach(subscriber)
    }
}
