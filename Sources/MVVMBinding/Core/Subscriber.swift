/// A type that receives values and a completion from a publisher.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error

    /// Called once, first: keep the subscription and request values through it.
    func receive(subscription: any Subscription)
    /// Called for each value; the return value adds to the outstanding demand.
    func receive(_ input: Input) -> Subscribers.Demand
    /// Called at most once, last.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Delivers `()` to a subscriber whose input is `Void`.
    public func receive() -> Subscribers.Demand { receive(()) }
}
