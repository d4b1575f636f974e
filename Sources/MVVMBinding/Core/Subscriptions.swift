/// Namespace for ready-made subscriptions.
public enum Subscriptions {
    /// A subscription that ignores requests and cancellation; used to complete a subscriber
    /// immediately (as `Empty` and `Fail` do).
    public static var empty: any Subscription { EmptySubscription() }
}

private struct EmptySubscription: Subscription, CombineReflectable, Sendable {
    let combineIdentifier = CombineIdentifier()
    var description: String { "Empty" }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}
