/// A publisher that builds a fresh publisher for each subscriber, when it subscribes.
///
/// Use it to postpone work (such as starting a `Future`) until someone subscribes, and to give
/// each subscriber its own run of that work.
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
    public typealias Output = DeferredPublisher.Output
    public typealias Failure = DeferredPublisher.Failure

    /// Called once per subscriber to build the publisher it subscribes to.
    public let createPublisher: () -> DeferredPublisher

    /// Creates a publisher that calls `createPublisher` for every new subscriber.
    public init(createPublisher: @escaping () -> DeferredPublisher) {
        self.createPublisher = createPublisher
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        createPublisher().subscribe(subscriber)
    }
}
