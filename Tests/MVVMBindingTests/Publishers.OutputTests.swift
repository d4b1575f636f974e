import MVVMBinding
import XCTest

final class OutputTests: XCTestCase {
    func test_prefix_republishesTheFirstValues_thenCancelsUpstreamAndFinishesAtOnce() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.prefix(2).subscribe(subscriber)

        upstream.send(1)
        XCTAssertEqual(upstream.send(2), .none)
        upstream.send(3)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_prefixOnASubject_finishesWithoutWaitingForAnotherValue() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        subject.prefix(1).subscribe(subscriber)

        subject.send(7)

        XCTAssertEqual(subscriber.history, ["subscription", "value(7)", "finished"])
    }

    func test_prefixZero_finishesAtOnce() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()

        upstream.prefix(0).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_prefixLongerThanTheUpstream_finishesWithIt() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2].unspecialisedPublisher.prefix(5).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func test_demand_passesThroughUnchanged() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { _ in .max(2) })
        upstream.prefix(5).subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(2))
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
    }

    func test_outputAt_republishesOnlyThatPosition_askingForOneMorePerSkippedValue() {
        let upstream = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<String, Never>(initialDemand: .max(1))
        upstream.output(at: 2).subscribe(subscriber)

        XCTAssertEqual(upstream.send("a"), .max(1))
        XCTAssertEqual(upstream.send("b"), .max(1))
        upstream.send("c")

        XCTAssertEqual(subscriber.history, ["subscription", "value(c)", "finished"])
    }

    func test_outputIn_republishesThePositionsInTheRange() {
        let subscriber = TrackingSubscriber<Int, Never>()

        (10...20).unspecialisedPublisher.output(in: 2...4).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(12)", "value(13)", "value(14)", "finished"])
        XCTAssertEqual((10...20).unspecialisedPublisher.prefix(3).range, 0..<3)
        XCTAssertEqual((10...20).unspecialisedPublisher.output(in: 5...).range, 5..<Int.max)
    }

    func test_upstreamFailureBeforeTheRangeEnds_isPassedOn() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.prefix(3).subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "failure(oops)"])
    }

    func test_downstreamThatCancelsOnTheLastValue_getsNoCompletion() {
        let upstream = DrivenPublisher<Int, Never>()
        var subscription: (any Subscription)?
        var history: [String] = []
        upstream.prefix(1).subscribe(
            AnySubscriber<Int, Never>(
                receiveSubscription: {
                    subscription = $0
                    $0.request(.unlimited)
                },
                receiveValue: {
                    history.append("value(\($0))")
                    subscription?.cancel()
                    return .none
                },
                receiveCompletion: { _ in history.append("completion") }))

        upstream.send(1)

        XCTAssertEqual(history, ["value(1)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_cancel_releasesTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.prefix(5).map { $0 + canary.value } }
    }
}

// MARK: - Combine's rules (issue 24)

extension OutputTests {
    func test_lastValueInTheRange_returnsTheDownstreamsDemand_andFinishesAtOnce() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { _ in .max(5) })
        upstream.output(in: 1..<3).subscribe(subscriber)

        XCTAssertEqual(upstream.send(0), .max(1))
        XCTAssertEqual(upstream.send(1), .max(5))
        XCTAssertEqual(upstream.send(2), .max(5))

        XCTAssertEqual(subscriber.events, [.subscription, .value(1), .value(2), .completion(.finished)])
        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(1)), .cancelled])
    }

    func test_outputAt_returnsTheDownstreamsDemandForItsValue() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(demandAfterValue: { _ in .max(3) })
        upstream.output(at: 1).subscribe(subscriber)

        XCTAssertEqual(upstream.send(10), .max(1))
        XCTAssertEqual(upstream.send(11), .max(3))
        XCTAssertEqual(subscriber.events, [.subscription, .value(11), .completion(.finished)])
    }

    func test_valuesSentAfterTheUpstreamCompleted_areStillCountedAndPassedOn() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil, demandAfterValue: { _ in .max(2) })
        upstream.output(in: 1..<3).subscribe(subscriber)

        upstream.send(completion: .failure(.oops))
        XCTAssertEqual(upstream.send(1), .max(1))
        XCTAssertEqual(upstream.send(2), .max(2))
        XCTAssertEqual(upstream.send(3), .max(2))
        XCTAssertEqual(upstream.send(4), .none)

        XCTAssertEqual(subscriber.events, [.subscription, .completion(.failure(.oops)), .value(2), .value(3)])
    }

    func test_valuesSentBeforeTheSubscription_areCountedAndPassedOn() {
        let upstream = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<Int, Never>(demandAfterValue: { _ in .max(42) })
        upstream.output(in: 1..<3).subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(1))
        XCTAssertEqual(upstream.send(2), .max(42))

        XCTAssertEqual(subscriber.events, [.value(2)])
    }

    func test_aCancelBeforeTheSubscription_changesNothing() {
        // As Combine's: only a subscribed upstream is cancelled; the late subscription is
        // passed on and the downstream's request reaches it.
        XCTAssertEqual(historyOfSubscriptionArrivingAfterCancel { $0.prefix(2) }, [.subscribed, .requested(.unlimited)])
    }

    func test_aRangeThatRanOutBeforeTheSubscription_endsAtTheNextValueAfterIt() {
        let upstream = DrivenPublisher<Int, TestError>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)
        upstream.output(in: 1..<3).subscribe(subscriber)
        upstream.send(completion: .failure(.oops))  // before the subscription: ignored
        for value in 1...5 { _ = upstream.send(value) }
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.history, ["value(2)", "value(3)"])

        upstream.sendSubscription()
        XCTAssertEqual(subscriber.history, ["value(2)", "value(3)", "subscription"])
        XCTAssertEqual(upstream.send(6), .none)

        XCTAssertEqual(subscriber.history, ["value(2)", "value(3)", "subscription", "finished"])
        XCTAssertEqual(upstream.history, [.subscribed, .cancelled])
    }
}
