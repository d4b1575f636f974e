import MVVMBinding
import XCTest

/// Combine's documented subscriber reflection and the re-entrant request paths that must
/// iterate rather than recurse.
final class ReentrancyAndReflectionTests: XCTestCase {
    // MARK: Sink and AnySubscriber reflect as Combine's do

    func testSinkIsReflectableAndPlaygroundDisplayable() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        let reflectable: any CustomReflectable = sink
        let playground: any CustomPlaygroundDisplayConvertible = sink
        XCTAssertEqual(reflectable.customMirror.children.count, 0)
        XCTAssertEqual(playground.playgroundDescription as? String, "Sink")
        XCTAssertEqual(sink.description, "Sink")
    }

    func testAnySubscriberFromClosuresReflectsAsAnonymous() {
        let subscriber = AnySubscriber<Int, Never>(receiveValue: { _ in .none })
        let playground: any CustomPlaygroundDisplayConvertible = subscriber
        XCTAssertEqual(subscriber.description, "Anonymous AnySubscriber")
        XCTAssertEqual(playground.playgroundDescription as? String, "Anonymous AnySubscriber")
        XCTAssertEqual(subscriber.customMirror.children.count, 0)
    }

    func testAnySubscriberWrappingASinkShowsTheSink() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        let subscriber = AnySubscriber(sink)
        XCTAssertEqual(subscriber.description, "Sink")
        XCTAssertEqual(subscriber.playgroundDescription as? String, "Sink")
        XCTAssertTrue(subscriber.customMirror.subjectType == Subscribers.Sink<Int, Never>.self)
    }

    // MARK: Requests from inside receive(_:) iterate

    private static let many = 200_000

    func testSequenceWithNoInitialDemandSendsNothingUntilAsked() {
        let tracking = TrackingSubscriber<Int, Never>(initialDemand: nil)
        (1...3).publisher.subscribe(tracking)
        XCTAssertEqual(tracking.history, ["subscription"])
        tracking.request(.max(2))
        XCTAssertEqual(tracking.history, ["subscription", "value(1)", "value(2)"])
        tracking.request(.max(1))
        XCTAssertEqual(tracking.history, ["subscription", "value(1)", "value(2)", "value(3)", "finished"])
    }

    func testSequenceServesRequestsMadeInsideReceiveWithoutRecursing() {
        let received = Counter()
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: { subscription in
                received.subscription = subscription
                subscription.request(.max(1))
            },
            receiveValue: { _ in
                received.count += 1
                received.subscription?.request(.max(1))
                return .none
            },
            receiveCompletion: { _ in received.finished = true })
        (0..<Self.many).publisher.subscribe(subscriber)
        XCTAssertEqual(received.count, Self.many)
        XCTAssertTrue(received.finished)
    }

    private final class Counter: @unchecked Sendable {
        var count = 0
        var finished = false
        var subscription: (any Subscription)?
    }
}

/// Combine's `removeDuplicates` hands the downstream its own subscription (named for the
/// operator), forwards nothing after a completion, cancels a second subscription, and reaches
/// the upstream's cancel at most once (`filter` and `compactMap` pass the upstream's
/// subscription through: Publishers.FilterTests, Publishers.CompactMapTests).
final class OneToOneOperatorSubscriptionTests: XCTestCase {
    /// Each operator over a driven upstream of Ints, passing every value on.
    private let operators: [(name: String, apply: (DrivenPublisher<Int, Never>) -> AnyPublisher<Int, Never>)] = [
        ("RemoveDuplicates", { $0.removeDuplicates().eraseToAnyPublisher() })
    ]

    func testTheDownstreamGetsTheOperatorsOwnSubscription() {
        for (name, apply) in operators {
            let upstream = DrivenPublisher<Int, Never>()
            let subscriber = TrackingSubscriber<Int, Never>()
            apply(upstream).subscribe(subscriber)
            XCTAssertEqual(subscriber.subscriptionDescription, name)
            XCTAssertEqual(upstream.subscription.requests, [.unlimited], name)
        }
    }

    func testNothingIsForwardedAfterACompletion() {
        for (name, apply) in operators {
            let upstream = DrivenPublisher<Int, Never>()
            let subscriber = TrackingSubscriber<Int, Never>()
            apply(upstream).subscribe(subscriber)
            _ = upstream.send(1)
            _ = upstream.send(2)
            upstream.send(completion: .finished)
            XCTAssertEqual(upstream.send(3), .none, name)
            upstream.send(completion: .finished)
            XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"], name)
        }
    }

    func testNothingIsForwardedAfterTheDownstreamCancels() {
        for (name, apply) in operators {
            let upstream = DrivenPublisher<Int, Never>()
            let subscriber = TrackingSubscriber<Int, Never>()
            apply(upstream).subscribe(subscriber)
            _ = upstream.send(1)
            subscriber.subscription?.cancel()
            subscriber.subscription?.cancel()
            _ = upstream.send(2)
            upstream.send(completion: .finished)
            XCTAssertEqual(subscriber.history, ["subscription", "value(1)"], name)
            XCTAssertEqual(upstream.subscription.cancelCount, 1, name)
        }
    }

    func testASecondSubscriptionIsCancelled() {
        for (name, apply) in operators {
            let upstream = DrivenPublisher<Int, Never>()
            let subscriber = TrackingSubscriber<Int, Never>()
            apply(upstream).subscribe(subscriber)
            let second = TrackingSubscription()
            upstream.subscriber?.receive(subscription: second)
            XCTAssertEqual(second.history, [.cancelled], name)
            XCTAssertEqual(subscriber.history, ["subscription"], name)
        }
    }

    func testRemoveDuplicatesKeepsTheLastValueUntilItsSubscriptionEnds() {
        final class Box {}
        weak var kept: Box?
        var cancellable: AnyCancellable?
        let subject = PassthroughSubject<Box, Never>()
        do {
            var received: [ObjectIdentifier] = []
            cancellable = subject.removeDuplicates(by: ===).sink { received.append(ObjectIdentifier($0)) }
            let box = Box()
            kept = box
            subject.send(box)
            subject.send(box)
            XCTAssertEqual(received.count, 1, "the duplicate was dropped")
        }
        XCTAssertNotNil(kept, "the operator holds the last value it passed on")
        cancellable?.cancel()
        cancellable = nil
        XCTAssertNil(kept, "and releases it with its subscription")
    }

    func testDemandPassesThroughAndARejectedValueAsksForOneMore() {
        let upstream = DrivenPublisher<Int?, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.compactMap { $0 }.subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])
        XCTAssertEqual(upstream.send(nil), .max(1), "a nil result asks for one more in its place")
        XCTAssertEqual(upstream.send(1), .none)
        subscriber.subscription?.request(.max(3))
        XCTAssertEqual(upstream.subscription.requests, [.max(2), .max(3)])
    }
}
