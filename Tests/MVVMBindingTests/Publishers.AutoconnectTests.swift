import Dispatch
import Foundation
import MVVMBinding
import XCTest

final class AutoconnectTests: XCTestCase {
    func test_autoconnect_connectsWhenTheFirstSubscriberArrives_once() {
        let connectable = CountingConnectable()
        let autoconnected = connectable.autoconnect()
        let first = TrackingSubscriber<Int, Never>()
        let second = TrackingSubscriber<Int, Never>()
        XCTAssertEqual(connectable.connects, 0)

        autoconnected.subscribe(first)
        autoconnected.subscribe(second)
        connectable.subject.send(1)

        XCTAssertEqual(connectable.connects, 1)
        XCTAssertEqual(first.values, [1])
        XCTAssertEqual(second.values, [1])
    }

    func test_autoconnect_cancelsTheConnectionWhenTheLastSubscriberCancels() {
        let connectable = CountingConnectable()
        let autoconnected = connectable.autoconnect()
        let first = TrackingSubscriber<Int, Never>()
        let second = TrackingSubscriber<Int, Never>()
        autoconnected.subscribe(first)
        autoconnected.subscribe(second)

        first.cancel()
        first.cancel()
        XCTAssertEqual(connectable.disconnects, 0, "a subscriber is still there")
        second.cancel()

        XCTAssertEqual(connectable.disconnects, 1)
    }

    func test_aSubscriberArrivingAfterEveryoneLeft_connectsAgain() {
        let connectable = CountingConnectable()
        let autoconnected = connectable.autoconnect()
        let first = TrackingSubscriber<Int, Never>()
        autoconnected.subscribe(first)
        first.cancel()

        let second = TrackingSubscriber<Int, Never>()
        autoconnected.subscribe(second)
        connectable.subject.send(2)

        XCTAssertEqual(connectable.connects, 2)
        XCTAssertEqual(second.values, [2])
    }

    func test_autoconnectOfMakeConnectable_runsTheUpstreamForTheFirstSubscriber() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2, 3].publisher.makeConnectable().autoconnect().subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "value(3)", "finished"])
    }

    func test_demand_passesStraightThroughToTheUpstream() {
        let connectable = CountingConnectable()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        connectable.autoconnect().subscribe(subscriber)

        connectable.subject.send(1)
        connectable.subject.send(2)
        subscriber.request(.max(1))
        connectable.subject.send(3)

        XCTAssertEqual(subscriber.values, [1, 3])
    }

    func test_cancel_releasesTheSubscriber() {
        let connectable = CountingConnectable()
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let subscriber = TrackingSubscriber<Int, Never>()
            weakSubscriber = subscriber
            connectable.autoconnect().subscribe(subscriber)
            subscriber.cancel()
        }
        XCTAssertNil(weakSubscriber)
    }

    func test_concurrentSubscribersComingAndGoing_leaveConnectsAndDisconnectsBalanced() {
        let connectable = CountingConnectable()
        let autoconnected = connectable.autoconnect()

        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200 {
                let subscriber = TrackingSubscriber<Int, Never>()
                autoconnected.subscribe(subscriber)
                subscriber.cancel()
            }
        }

        XCTAssertGreaterThan(connectable.connects, 0)
        XCTAssertEqual(connectable.connects, connectable.disconnects, "every connection made was cancelled")
    }
}

/// A connectable publisher that counts its connections and their cancellations.
private final class CountingConnectable: ConnectablePublisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    let subject = PassthroughSubject<Int, Never>()
    private let lock = NSLock()
    private var connectCount = 0  // guarded by `lock`
    private var disconnectCount = 0  // guarded by `lock`

    var connects: Int { lock.withLock { connectCount } }
    var disconnects: Int { lock.withLock { disconnectCount } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        subject.subscribe(subscriber)
    }

    func connect() -> any Cancellable {
        lock.withLock { connectCount += 1 }
        return AnyCancellable { [self] in lock.withLock { disconnectCount += 1 } }
    }
}

// MARK: - Combine's rules (issue 24)

extension AutoconnectTests {
    func test_everyCancelReachesTheUpstream_theCountReachingZeroDisconnects_completionsDoNot() {
        let upstream = ConnectionCountingPublisher()
        let shared = upstream.autoconnect()
        let subscribers = (0..<3).map { _ in TrackingSubscriber<Int, Never>() }
        subscribers.forEach { shared.subscribe($0) }
        let subscriptions = subscribers.compactMap(\.subscription)

        upstream.sendCompletionToAll()
        XCTAssertEqual(upstream.disconnections, 0, "a completion does not disconnect")
        subscriptions[1].cancel()
        subscriptions[2].cancel()
        XCTAssertEqual(upstream.disconnections, 0)
        subscriptions[0].cancel()
        XCTAssertEqual(upstream.disconnections, 1)
        subscriptions[0].cancel()

        XCTAssertEqual(upstream.connections, 1)
        XCTAssertEqual(upstream.disconnections, 1)
        XCTAssertEqual(upstream.subscription.cancelCount, 4)
    }

    func test_subscription_printsAsTheUpstreamsSubscription() {
        let subscriber = TrackingSubscriber<Int, Never>()

        ConnectionCountingPublisher().autoconnect().subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "TrackingSubscription")
    }

    func test_subscription_carriesTheUpstreamSubscriptionsCombineIdentifier_andNoMirrorOfItsOwn() throws {
        let upstream = ConnectionCountingPublisher()
        let subscriber = TrackingSubscriber<Int, Never>()

        upstream.autoconnect().subscribe(subscriber)

        let subscription = try XCTUnwrap(subscriber.subscription)
        XCTAssertEqual(subscription.combineIdentifier, upstream.subscription.combineIdentifier)
        XCTAssertFalse(subscription is any CustomReflectable)
        XCTAssertEqual((subscription as? any CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String, "TrackingSubscription")
    }

    func test_theUpstreamSeesAnAutoconnectSubscriber_mirroringParentAndDownstream() throws {
        let recorder = SubscriberRecordingConnectable(ConnectionCountingPublisher())
        recorder.autoconnect().subscribe(TrackingSubscriber<Int, Never>())
        let seen = try XCTUnwrap(recorder.subscribers.first)

        XCTAssertEqual(String(describing: seen), "Autoconnect")
        XCTAssertEqual(Mirror(reflecting: seen).children.map(\.label), ["parent", "downstream"])
    }
}

/// A connectable publisher that keeps every subscriber it is given (as `Any`) and passes them
/// to `base`.
private final class SubscriberRecordingConnectable: ConnectablePublisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    private let base: ConnectionCountingPublisher
    private let lock = NSLock()
    private var recorded: [Any] = []  // guarded by `lock`

    init(_ base: ConnectionCountingPublisher) { self.base = base }

    var subscribers: [Any] { lock.withLock { recorded } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        lock.withLock { recorded.append(subscriber) }
        base.receive(subscriber: subscriber)
    }

    func connect() -> any Cancellable { base.connect() }
}

/// A connectable publisher that counts connections and disconnections and hands every
/// subscriber the same tracking subscription.
private final class ConnectionCountingPublisher: ConnectablePublisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    let subscription = TrackingSubscription()
    private let lock = NSLock()
    private var subscribers: [AnySubscriber<Int, Never>] = []  // guarded by `lock`
    private var connectionCount = 0  // guarded by `lock`
    private var disconnectionCount = 0  // guarded by `lock`

    var connections: Int { lock.withLock { connectionCount } }
    var disconnections: Int { lock.withLock { disconnectionCount } }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        lock.withLock { subscribers.append(AnySubscriber(subscriber)) }
        subscriber.receive(subscription: subscription)
    }

    func connect() -> any Cancellable {
        lock.withLock { connectionCount += 1 }
        return AnyCancellable { [self] in lock.withLock { disconnectionCount += 1 } }
    }

    func sendCompletionToAll() {
        lock.withLock { subscribers }.forEach { $0.receive(completion: .finished) }
    }
}
