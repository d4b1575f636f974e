import MVVMBinding
import Synchronization

/// A subscription that records, as one ordered history, when it was handed to a subscriber,
/// every demand it was asked for and every cancel, for testing operators against a hand-driven
/// upstream: `XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(44)), .cancelled])`.
final class TrackingSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
    enum Event: Equatable, CustomStringConvertible {
        /// The publisher handed this subscription to a subscriber.
        case subscribed
        case requested(Subscribers.Demand)
        case cancelled

        var description: String {
            switch self {
            case .subscribed: return "subscribed"
            case .requested(let demand): return "requested(\(demand))"
            case .cancelled: return "cancelled"
            }
        }
    }

    private let recorded = Mutex<[Event]>([])
    private let onRequest: @Sendable (Subscribers.Demand) -> Void
    private let onCancel: @Sendable () -> Void

    /// - Parameters:
    ///   - onRequest: called after each request is recorded.
    ///   - onCancel: called after each cancel is recorded.
    init(
        onRequest: @escaping @Sendable (Subscribers.Demand) -> Void = { _ in },
        onCancel: @escaping @Sendable () -> Void = {}
    ) {
        self.onRequest = onRequest
        self.onCancel = onCancel
    }

    var description: String { "TrackingSubscription" }

    /// Everything that happened to this subscription, in order.
    var history: [Event] { recorded.withLock { $0 } }

    /// The demands requested, in order.
    var requests: [Subscribers.Demand] {
        history.compactMap { if case .requested(let demand) = $0 { return demand } else { return nil } }
    }

    /// How often `cancel()` was called.
    var cancelCount: Int { history.filter { $0 == .cancelled }.count }

    /// Records that a publisher handed this subscription to a subscriber.
    func recordSubscribed() { recorded.withLock { $0.append(.subscribed) } }

    func request(_ demand: Subscribers.Demand) {
        recorded.withLock { $0.append(.requested(demand)) }
        onRequest(demand)
    }

    func cancel() {
        recorded.withLock { $0.append(.cancelled) }
        onCancel()
    }
}
