/// The subscriber of `map` with key paths (MapKeyPath, MapKeyPath2, MapKeyPath3), as Combine's:
/// it hands the upstream's subscription straight to the downstream and each value's properties
/// after it; it shows itself as "ValueForKey" or "ValueForKeys" with its key paths in its
/// mirror (keyPath, or keyPath0, keyPath1, …).
final class KeyPathSubscriber<Input, Downstream: Subscriber>: Subscriber, CombineReflectable {
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let read: (Input) -> Downstream.Input
    let description: String
    let reflectedParts: [(label: String, value: Any)]

    init(
        downstream: Downstream, name: String, keyPaths: [(label: String, value: AnyKeyPath)],
        read: @escaping (Input) -> Downstream.Input
    ) {
        self.downstream = downstream
        self.read = read
        description = name
        reflectedParts = keyPaths.map { ($0.label, $0.value as Any) }
    }

    func receive(subscription: any Subscription) {
        downstream.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(read(input))
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
