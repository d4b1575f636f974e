/// A publisher that starts producing only when `connect()` is called, so several subscribers can
/// attach first and see the same values (`multicast`, `Timer.publish`).
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Starts the upstream work; cancel the result to stop it.
    func connect() -> any Cancellable
}
