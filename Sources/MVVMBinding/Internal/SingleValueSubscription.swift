/// The subscription of publishers that emit one value and finish (`Just`, `Optional.Publisher`,
/// a successful `Result.Publisher`): delivers the value and `finished` on the first request;
/// a later request or a cancel does nothing.
final class SingleValueSubscription<Downstream: Subscriber>: Subscription, CombineReflectable, @unchecked Sendable {
    private let lock = Lock()
    // Both are cleared when the value is delivered or the subscription cancelled, so the value
    // is sent at most once and the subscriber is released.
    private var value: Downstream.Input?
    private var downstream: Downstream?
    let description: String

    init(value: Downstream.Input, downstream: Downstream, name: String) {
        self.value = value
        self.downstream = downstream
        self.description = name
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "demand must be greater than zero")
        let delivery: (Downstream.Input, Downstream)? = lock.withLock {
            defer { value = nil; downstream = nil }
            guard let value, let downstream else { return nil }
            return (value, downstream)
        }
        guard let (value, downstream) = delivery else { return }
        _ = downstream.receive(value)
        downstream.receive(completion: .finished)
    }

    func cancel() {
        lock.withLock {
            value = nil
            downstream = nil
        }
    }
}
