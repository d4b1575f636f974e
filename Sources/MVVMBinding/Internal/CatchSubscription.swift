/// The subscription of `catch` and `tryCatch`, with Combine's protocol:
///
/// - The downstream is subscribed when the upstream is. Its requests go to the current
///   publisher and are counted while the upstream runs (a request before the upstream
///   subscribed traps); each upstream value counts one down, and what the downstream asks for
///   in return is added and returned (a value nobody asked for traps, through `Demand`).
/// - The upstream's failure replaces it by the handler's publisher (a `tryCatch` handler that
///   throws fails the downstream instead), which is asked for the demand counted so far; its
///   values pass straight through. A second failure, or one before the subscription, traps.
/// - A cancel reaches the current publisher; one made while the new publisher is being
///   subscribed changes nothing. Both publishers see subscribers of their own types carrying
///   this subscription's name and `combineIdentifier`.
final class CatchSubscription<UpstreamFailure: Error, NewPublisher: Publisher, Downstream: Subscriber>: Subscription,
    CombineReflectable, @unchecked Sendable
where NewPublisher.Output == Downstream.Input {
    typealias Handler = (UpstreamFailure) throws(Downstream.Failure) -> NewPublisher

    private enum State {
        case awaitingUpstream
        case upstream(any Subscription)
        case awaitingNewPublisher
        case newPublisher(any Subscription)
        case cancelled
    }

    private let downstream: Downstream
    private let handler: Handler
    private let convertNewFailure: (NewPublisher.Failure) -> Downstream.Failure
    private let lock = Lock()
    // Guarded by `lock`:
    private var state = State.awaitingUpstream
    private var demand = Subscribers.Demand.none
    /// "Catch" or "TryCatch".
    let description: String

    init(
        downstream: Downstream, name: String, handler: @escaping Handler,
        convertNewFailure: @escaping (NewPublisher.Failure) -> Downstream.Failure
    ) {
        self.downstream = downstream
        self.handler = handler
        self.convertNewFailure = convertNewFailure
        description = name
    }

    var upstreamSubscriber: UpstreamSubscriber { UpstreamSubscriber(owner: self) }

    var reflectedParts: [(label: String, value: Any)] { [("downstream", downstream), ("demand", lock.withLock { demand })] }

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "API Violation: demand must not be zero")
        lock.lock()
        switch state {
        case .awaitingUpstream:
            lock.unlock()
            preconditionFailure("\(description): request before the subscription was sent")
        case .upstream(let subscription):
            demand += newDemand
            lock.unlock()
            subscription.request(newDemand)
        case .awaitingNewPublisher:
            demand += newDemand
            lock.unlock()
        case .newPublisher(let subscription):
            lock.unlock()
            subscription.request(newDemand)
        case .cancelled:
            lock.unlock()
        }
    }

    func cancel() {
        lock.lock()
        switch state {
        case .upstream(let subscription), .newPublisher(let subscription):
            state = .cancelled
            lock.unlock()
            subscription.cancel()
        case .awaitingUpstream, .awaitingNewPublisher, .cancelled:
            lock.unlock()
        }
    }

    // MARK: The upstream

    fileprivate func upstreamReceive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingUpstream = state else {
            lock.unlock()
            return subscription.cancel()
        }
        state = .upstream(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    fileprivate func upstreamReceive(_ input: Downstream.Input) -> Subscribers.Demand {
        lock.withLock { demand -= 1 }
        let more = downstream.receive(input)
        lock.withLock { demand += more }
        return more
    }

    fileprivate func upstreamReceive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        switch (state, completion) {
        case (.upstream, .finished):
            state = .cancelled
            lock.unlock()
            downstream.receive(completion: .finished)
        case (.upstream, .failure(let error)):
            state = .awaitingNewPublisher
            lock.unlock()
            let replacement: NewPublisher
            do {
                replacement = try handler(error)
            } catch {
                lock.withLock { state = .cancelled }
                return downstream.receive(completion: .failure(error))
            }
            replacement.subscribe(NewPublisherSubscriber(owner: self))
        case (.cancelled, _), (.awaitingNewPublisher, .finished), (.newPublisher, .finished), (.awaitingUpstream, .finished):
            lock.unlock()
        case (.awaitingUpstream, .failure), (.awaitingNewPublisher, .failure), (.newPublisher, .failure):
            lock.unlock()
            preconditionFailure("\(description): the upstream failed without a live subscription (a second failure?)")
        }
    }

    // MARK: The new publisher

    fileprivate func newPublisherReceive(subscription: any Subscription) {
        lock.lock()
        guard case .awaitingNewPublisher = state else {
            lock.unlock()
            return subscription.cancel()
        }
        state = .newPublisher(subscription)
        let owed = demand
        lock.unlock()
        if owed > 0 { subscription.request(owed) }
    }

    fileprivate func newPublisherReceive(_ input: Downstream.Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    fileprivate func newPublisherReceive(completion: Subscribers.Completion<NewPublisher.Failure>) {
        lock.lock()
        guard case .newPublisher = state else { return lock.unlock() }
        state = .cancelled
        lock.unlock()
        switch completion {
        case .finished: downstream.receive(completion: .finished)
        case .failure(let error): downstream.receive(completion: .failure(convertNewFailure(error)))
        }
    }

    /// The upstream's subscriber.
    struct UpstreamSubscriber: Subscriber, CombineReflectable {
        typealias Input = Downstream.Input
        typealias Failure = UpstreamFailure

        let owner: CatchSubscription
        var combineIdentifier: CombineIdentifier { owner.combineIdentifier }
        var description: String { owner.description }
        var reflectedParts: [(label: String, value: Any)] { owner.reflectedParts }
        func receive(subscription: any Subscription) { owner.upstreamReceive(subscription: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { owner.upstreamReceive(input) }
        func receive(completion: Subscribers.Completion<Failure>) { owner.upstreamReceive(completion: completion) }
    }

    /// The handler's publisher's subscriber: a type of its own.
    struct NewPublisherSubscriber: Subscriber, CombineReflectable {
        typealias Input = Downstream.Input
        typealias Failure = NewPublisher.Failure

        let owner: CatchSubscription
        var combineIdentifier: CombineIdentifier { owner.combineIdentifier }
        var description: String { owner.description }
        var reflectedParts: [(label: String, value: Any)] { owner.reflectedParts }
        func receive(subscription: any Subscription) { owner.newPublisherReceive(subscription: subscription) }
        func receive(_ input: Input) -> Subscribers.Demand { owner.newPublisherReceive(input) }
        func receive(completion: Subscribers.Completion<Failure>) { owner.newPublisherReceive(completion: completion) }
    }
}
