import Foundation
import MVVMBinding
import XCTest

final class SequenceTests: XCTestCase {
    func test_sequencePublisher_emitsEveryElementInOrderThenFinishes() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2, 3].publisher.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "value(3)", "finished"])
    }

    func test_emptySequence_finishesAtOnce_withoutAnyDemand() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)

        [Int]().publisher.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_withoutInitialDemand_nothingIsPulledOrSent_untilTheFirstRequest() {
        var pulled: [Int] = []
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)

        [1, 2, 3].lazy.map { value -> Int in
            pulled.append(value)
            return value
        }.publisher.subscribe(subscriber)
        // Combine reads the first element ahead (to finish an empty sequence at once), no more.
        XCTAssertEqual(pulled, [1])
        XCTAssertEqual(subscriber.history, ["subscription"])
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)"])
        XCTAssertEqual(pulled, [1, 2])
    }

    func test_emitsExactlyAsManyElementsAsRequested() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 2, 3, 4].publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)"])

        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.values, [1, 2, 3])

        subscriber.request(.max(5))
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "value(3)", "value(4)", "finished"])
    }

    func test_finishesRightAfterTheLastElement_withoutFurtherDemand() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))

        [1, 2].publisher.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func test_demandReturnedFromReceive_isHonoured() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { $0 < 3 ? .max(1) : .none })

        (1...10).publisher.subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertNil(subscriber.completion)
    }

    func test_infiniteSequence_isPulledOnlyAsFarAsDemanded() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(3))

        (1...).publisher.subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [1, 2, 3])
    }

    func test_requestFromInsideReceive_neitherRecursesNorReorders() {
        let count = 20_000
        var received: [Int] = []
        received.reserveCapacity(count)
        var subscription: (any Subscription)?
        var finished = false
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: {
                subscription = $0
                $0.request(.max(1))
            },
            receiveValue: { value in
                received.append(value)
                // Ask for the next element from inside delivery, as a pull-one-at-a-time
                // subscriber does; this must not grow the stack per element.
                subscription?.request(.max(1))
                return .none
            },
            receiveCompletion: { _ in finished = true })

        (0..<count).publisher.subscribe(subscriber)

        XCTAssertEqual(received, Array(0..<count))
        XCTAssertTrue(finished)
    }

    func test_cancelFromInsideReceive_stopsEmission() {
        var subscription: (any Subscription)?
        var received: [Int] = []
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: {
                subscription = $0
                $0.request(.unlimited)
            },
            receiveValue: { value in
                received.append(value)
                if value == 2 { subscription?.cancel() }
                return .none
            })

        (1...5).publisher.subscribe(subscriber)

        XCTAssertEqual(received, [1, 2])
    }

    func test_requestsFromManyThreads_areServedInOrderWithoutLossOrExcess() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        (0..<1000).publisher.subscribe(subscriber)

        DispatchQueue.concurrentPerform(iterations: 200) { _ in subscriber.request(.max(1)) }

        XCTAssertEqual(subscriber.values, Array(0..<200))
    }

    func test_cancel_releasesTheSubscriber() {
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
            weakSubscriber = subscriber
            [1, 2, 3].publisher.subscribe(subscriber)
            subscriber.cancel()
        }
        XCTAssertNil(weakSubscriber)
    }

    func test_sequencePublishersOverEqualSequences_areEqual() {
        XCTAssertEqual([1, 2].publisher, Publishers.Sequence<[Int], Never>(sequence: [1, 2]))
        XCTAssertNotEqual([1, 2].publisher, [2, 1].publisher)
    }

    func test_subscription_printsItsSequence_untilFinished_thenSequence() throws {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        [1, 2, 3].publisher.subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)

        XCTAssertEqual(subscriber.subscriptionDescription, "[1, 2, 3]")
        let mirror = Mirror(reflecting: subscription)
        XCTAssertEqual(mirror.children.map(\.label), ["sequence"])
        XCTAssertEqual(mirror.children.first?.value as? [Int], [1, 2, 3])
        let playground = try XCTUnwrap(subscription as? any CustomPlaygroundDisplayConvertible)
        XCTAssertEqual(playground.playgroundDescription as? String, "[1, 2, 3]")

        subscription.request(.unlimited)

        XCTAssertEqual(String(describing: subscription), "Sequence")
        XCTAssertEqual(Mirror(reflecting: subscription).children.first?.value as? [Int], [])
    }

    func test_cancelledSubscription_printsSequence() throws {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        (1...3).publisher.subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        XCTAssertEqual(String(describing: subscription), "1...3")

        subscription.cancel()

        XCTAssertEqual(String(describing: subscription), "Sequence")
    }

    func test_zeroDemand_isAllowed_andSendsNothing_beforeOrDuringDelivery() {
        // Combine's Sequence takes a request for `.none` without trapping, also from inside
        // `receive(_:)` while its loop runs.
        var subscription: (any Subscription)?
        var received: [Int] = []
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: {
                subscription = $0
                $0.request(.none)
            },
            receiveValue: { value in
                received.append(value)
                subscription?.request(.none)
                return .none
            })

        (1...3).publisher.subscribe(subscriber)
        XCTAssertEqual(received, [], "a zero request sends nothing")

        subscription?.request(.max(2))
        XCTAssertEqual(received, [1, 2])
        subscription?.request(.none)
        XCTAssertEqual(received, [1, 2])
    }
}
