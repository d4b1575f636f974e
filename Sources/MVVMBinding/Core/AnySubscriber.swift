/// A subscriber that hides the type of the subscriber it wraps, or is built from closures.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable,
    CustomPlaygroundDisplayConvertible
{
    public let combineIdentifier: CombineIdentifier
    private let receiveSubscriptionBody: (any Subscription) -> Void
    private let receiveValueBody: (Input) -> Subscribers.Demand
    private let receiveCompletionBody: (Subscribers.Completion<Failure>) -> Void
    /// The wrapped subscriber or subject, which the description and the mirror show; nil when
    /// built from closures.
    private let wrapped: Any?

    /// Wraps `subscriber`; calls are forwarded to it and its identifier is kept.
    public init<S: Subscriber>(_ subscriber: S) where S.Input == Input, S.Failure == Failure {
        // The types compared first, as in `AnyPublisher.init(_:)`.
        if S.self == AnySubscriber<Input, Failure>.self, let alreadyErased = subscriber as? AnySubscriber<Input, Failure> {
            self = alreadyErased
            return
        }
        combineIdentifier = subscriber.combineIdentifier
        receiveSubscriptionBody = subscriber.receive(subscription:)
        receiveValueBody = subscriber.receive(_:)
        receiveCompletionBody = subscriber.receive(completion:)
        wrapped = subscriber
    }

    /// Builds a subscriber from closures; a missing closure ignores its event and a missing
    /// value closure asks for no more values.
    public init(
        receiveSubscription: ((any Subscription) -> Void)? = nil,
        receiveValue: ((Input) -> Subscribers.Demand)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil
    ) {
        combineIdentifier = CombineIdentifier()
        receiveSubscriptionBody = receiveSubscription ?? { _ in }
        receiveValueBody = receiveValue ?? { _ in .none }
        receiveCompletionBody = receiveCompletion ?? { _ in }
        wrapped = nil
    }

    /// Wraps a subject as Combine's does, through the subscriber `publisher.subscribe(subject)`
    /// uses: the subject gets that subscriber as its subscription ("Subject"), values and the
    /// completion reach it once a subscription arrived, and it is held weakly.
    public init<S: Subject>(_ subject: S) where S.Output == Input, S.Failure == Failure {
        self.init(SubjectSubscriber(subject))
    }

    /// The wrapped subscriber's description, formatted when asked for (erasing a subscriber
    /// formats nothing); "Anonymous AnySubscriber" when built from closures.
    public var description: String {
        if let wrapped { return String(describing: wrapped) }
        return "Anonymous AnySubscriber"
    }

    /// The wrapped subscriber's mirror, as Combine's; built from closures, the mirror of its
    /// description (a String with no children), as Combine's.
    public var customMirror: Mirror {
        if let wrapped { return Mirror(reflecting: wrapped) }
        return Mirror(reflecting: description)
    }

    /// The description, as Combine's.
    public var playgroundDescription: Any { description }

    public func receive(subscription: any Subscription) { receiveSubscriptionBody(subscription) }
    public func receive(_ value: Input) -> Subscribers.Demand { receiveValueBody(value) }
    public func receive(completion: Subscribers.Completion<Failure>) { receiveCompletionBody(completion) }
}
