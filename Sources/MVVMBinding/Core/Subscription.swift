/// The link between one publisher and one subscriber: the subscriber asks for values with
/// `request(_:)` and ends the link with `cancel()`.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    func request(_ demand: Subscribers.Demand)
}
