import MVVMBinding
import XCTest

final class BufferTests: XCTestCase {
    func test_keepFull_fillsTheBufferAtSubscription_andRefillsItAsValuesAreDelivered() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.buffer(size: 3, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.max(3)])

        upstream.send(1)
        upstream.send(2)
        XCTAssertEqual(subscriber.history, ["subscription"])
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)"])
        XCTAssertEqual(upstream.subscription.requests, [.max(3), .max(1)])
    }

    func test_byRequest_asksUpstreamForEverythingAtOnce_andServesTheDownstreamFromTheBuffer() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil) { _ in .max(1) }
        upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])

        subscriber.request(.max(2))
        upstream.send(1)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)"])
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func test_dropNewest_discardsAValueThatFindsTheBufferFull() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)

        (1...4).forEach { upstream.send($0) }
        subscriber.request(.unlimited)

        XCTAssertEqual(subscriber.values, [1, 2])
    }

    func test_dropOldest_makesRoomByDiscardingTheOldestValue() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)

        (1...4).forEach { upstream.send($0) }
        subscriber.request(.unlimited)

        XCTAssertEqual(subscriber.values, [3, 4])
    }

    func test_customError_cancelsTheUpstream_andFailsAfterTheValuesAlreadyBuffered() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)
        upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .customError { .other("full") }).subscribe(subscriber)

        (1...4).forEach { upstream.send($0) }
        XCTAssertEqual(upstream.history, [.subscribed, .requested(.unlimited), .cancelled])
        XCTAssertEqual(subscriber.history, ["subscription"], "the error waits behind the buffered values")
        subscriber.request(.max(2))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "failure(full)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_aFinishedUpstream_isPassedOnAfterTheBufferedValues() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)
        upstream.buffer(size: 5, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.history, ["subscription"])
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)"])
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)"], "as Combine's, finished waits for demand")
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func test_aFailure_isPassedOnAsSoonAsThereIsNoDemand_aheadOfTheBufferedValues() {
        // Combine's buffer holds back `finished` for the values before it, not a failure.
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)
        upstream.buffer(size: 5, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(.oops))
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_aFailureDuringDelivery_goesAtOnce_andTheValuesAlreadyTakenFollow() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil) { value in
            if value == 1 { upstream.send(completion: .failure(.oops)) }
            return .none
        }
        upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)
        (1...5).forEach { upstream.send($0) }

        subscriber.request(.max(3))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "failure(oops)", "value(2)", "value(3)"])
    }

    func test_keepFull_asksForAsManyValuesAsItDelivered_fromReceiveOrAfterARequest() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        subscriber.request(.max(3))

        XCTAssertEqual(upstream.send(1), .max(1), "delivered at once: one more asked through the returned demand")
        upstream.send(2)
        upstream.send(3)
        upstream.send(4)
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        subscriber.request(.max(2))

        XCTAssertEqual(subscriber.values, [1, 2, 3, 4])
        XCTAssertEqual(upstream.subscription.requests, [.max(2), .max(1)], "the request took one value from the buffer")
    }

    func test_aValueAfterFinished_isStillBuffered() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)

        upstream.send(completion: .finished)
        upstream.send(1)
        subscriber.request(.max(2))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
    }

    func test_aZeroSizeBuffer_isAllowed() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.buffer(size: 0, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)

        upstream.send(1)

        XCTAssertEqual(upstream.subscription.requests, [.max(0)])
        XCTAssertEqual(subscriber.history, ["subscription"])
    }

    func test_requestsFromInsideReceive_zeroOnesIncluded_areServedWithoutRecursing() {
        // byRequest asks a synchronous upstream for everything before the downstream is
        // subscribed: the buffer keeps its first 4 values (dropNewest), then the completion.
        let many = 200_000
        for (prefetch, expected) in [(Publishers.PrefetchStrategy.byRequest, 4), (.keepFull, many)] {
            var subscription: (any Subscription)?
            var count = 0
            var finished = false
            let subscriber = AnySubscriber<Int, Never>(
                receiveSubscription: {
                    subscription = $0
                    $0.request(.none)
                    $0.request(.max(1))
                },
                receiveValue: { _ in
                    count += 1
                    subscription?.request(.max(1))
                    subscription?.request(.none)
                    return .none
                },
                receiveCompletion: { _ in finished = true })
            (0..<many).publisher.buffer(size: 4, prefetch: prefetch, whenFull: .dropNewest).subscribe(subscriber)
            XCTAssertEqual(count, expected, "\(prefetch)")
            XCTAssertTrue(finished, "\(prefetch)")
        }
    }

    func test_aCancelBeforeTheUpstreamSubscribed_changesNothing_theUpstreamIsStillAsked() {
        for (prefetch, expected) in [(Publishers.PrefetchStrategy.byRequest, Subscribers.Demand.unlimited), (.keepFull, .max(2))] {
            let upstream = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
            upstream.buffer(size: 2, prefetch: prefetch, whenFull: .dropOldest).subscribe(TrackingSubscriber<Int, Never>())
            let buffer = upstream.subscriberObject as? any Subscription
            buffer?.cancel()

            upstream.sendSubscription()

            XCTAssertEqual(upstream.history, [.subscribed, .requested(expected)], "\(prefetch)")
        }
    }

    func test_aCancelledBuffer_ignoresLaterEvents_andCancelsUpstreamOnce() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)
        let subscription = subscriber.subscription
        subscription?.cancel()
        subscription?.cancel()

        upstream.send(1)
        upstream.send(completion: .finished)
        subscription?.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription"])
        XCTAssertEqual(upstream.history, [.subscribed, .requested(.unlimited), .cancelled])
    }

    func test_upstreamIsAsked_beforeTheDownstreamIsSubscribed() {
        for (prefetch, expected) in [(Publishers.PrefetchStrategy.byRequest, Subscribers.Demand.unlimited), (.keepFull, .max(3))] {
            let publisher = DrivenPublisher<Int, Never>()
            var requestsSeenBySubscriber: [Subscribers.Demand]?
            let subscriber = AnySubscriber<Int, Never>(receiveSubscription: { _ in
                requestsSeenBySubscriber = publisher.subscription.requests
            })
            publisher.buffer(size: 3, prefetch: prefetch, whenFull: .dropNewest).subscribe(subscriber)
            XCTAssertEqual(requestsSeenBySubscriber, [expected], "\(prefetch)")
        }
    }

    func test_subscription_isNamedBuffer_andMirrorsItsState() throws {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.buffer(size: 3, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)
        upstream.send(7)
        let subscription = try XCTUnwrap(subscriber.subscription)

        XCTAssertEqual(String(describing: subscription), "Buffer")
        let children = Mirror(reflecting: subscription).children.map { "\($0.label ?? ""): \($0.value)" }
        XCTAssertEqual(children, ["values: [7]", "state: subscribed", "downstreamDemand: max(0)", "terminal: nil"])
    }

    func test_valuesArrivingWithDemand_passStraightThrough() {
        let subscriber = TrackingSubscriber<Int, Never>()

        (1...5).publisher.buffer(size: 1, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [1, 2, 3, 4, 5])
        XCTAssertTrue(subscriber.isFinished)
    }
}
