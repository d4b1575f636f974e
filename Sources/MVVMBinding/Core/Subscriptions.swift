/// Namespace for ready-made subscriptions.
public enum Subscriptions {
    /// A subscription that ignores requests and cancellation; used to complete a subscriber
    /// immediately (as `Empty` and `Fail` do). One shared instance, as Combine's: every read
    /// gives the same object and combineIdentifier.
    public static var empty: any Subscription { EmptySubscription.shared }
}

private final class EmptySubscription: Subscription, CombineReflectable, Sendable {
    static let shared = EmptySubscription()

    var description: String { "Empty" }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}
