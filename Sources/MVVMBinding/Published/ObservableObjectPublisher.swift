/// The publisher an ``ObservableObject`` uses by default for `objectWillChange`.
///
/// Sends `()` to its current subscribers on each `send()`; keeps no value and never completes.
/// Thread-safe: `send()` may be called from any thread, and subscribers are called outside its
/// lock, so they may subscribe, cancel or send from inside `receive(_:)`.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never

    private let subject = SubjectHub<Void, Never>(replaysCurrentValue: false, kind: .observableObjectPublisher)

    /// Creates a publisher with no subscribers.
    public init() {}

    /// Tells every subscriber with outstanding demand that the object is about to change.
    public func send() {
        subject.send(())
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        subject.attach(subscriber)
    }
}
