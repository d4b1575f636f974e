/// The subscription of `encode(encoder:)` and `decode(type:decoder:)`, with Combine's
/// protocol: each value is coded and passed on while the stream has not ended (even one sent
/// before the subscription); a coding error cancels the upstream and fails the downstream once;
/// the upstream's completion is passed on once (also before the subscription). A cancel
/// before the upstream subscribed changes nothing; a second subscription, or one after the
/// end, is cancelled. Mirror: downstream, finished, upstreamSubscription.
final class CodingSubscription<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
    CombineReflectable, @unchecked Sendable
where Downstream.Failure == any Error {
    typealias Failure = UpstreamFailure

    private let downstream: Downstream
    private let code: (Input) throws -> Downstream.Input
    private let lock = Lock()
    // Guarded by `lock`:
    private var finished = false
    private var upstream: (any Subscription)?
    /// "Encode" or "Decode".
    let description: String

    init(downstream: Downstream, name: String, code: @escaping (Input) throws -> Downstream.Input) {
        self.downstream = downstream
        self.code = code
        description = name
    }

    var reflectedParts: [(label: String, value: Any)] {
        lock.withLock { [("downstream", downstream), ("finished", finished), ("upstreamSubscription", upstream as Any)] }
    }

    func receive(subscription: any Subscription) {
        lock.lock()
        guard !finished, upstream == nil else {
            lock.unlock()
            return subscription.cancel()
        }
        upstream = subscription
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard !finished else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        let output: Downstream.Input
        do {
            output = try code(input)
        } catch {
            lock.lock()
            finished = true
            let upstream = self.upstream
            self.upstream = nil
            lock.unlock()
            upstream?.cancel()
            downstream.receive(completion: .failure(error))
            return .none
        }
        return downstream.receive(output)
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard !finished else { return lock.unlock() }
        finished = true
        upstream = nil
        lock.unlock()
        downstream.receive(completion: completion.eraseError())
    }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        let upstream = self.upstream
        lock.unlock()
        upstream?.request(demand)
    }

    func cancel() {
        lock.lock()
        guard !finished, let upstream else { return lock.unlock() }
        finished = true
        self.upstream = nil
        lock.unlock()
        upstream.cancel()
    }
}
