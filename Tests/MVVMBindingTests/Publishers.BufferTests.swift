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

    func test_customError_cancelsTheUpstream_discardsTheBuffer_andFails() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)
        upstream.buffer(size: 1, prefetch: .keepFull, whenFull: .customError { .other("full") }).subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)
        subscriber.request(.unlimited)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(full)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_theCompletion_followsTheBufferedValues() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)
        upstream.buffer(size: 5, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .failure(.oops))
        XCTAssertEqual(subscriber.history, ["subscription"])
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)"])
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "failure(oops)"])
    }

    func test_valuesArrivingWithDemand_passStraightThrough() {
        let subscriber = TrackingSubscriber<Int, Never>()

        (1...5).publisher.buffer(size: 1, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [1, 2, 3, 4, 5])
        XCTAssertTrue(subscriber.isFinished)
    }
}
