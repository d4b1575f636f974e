import MVVMBinding
import XCTest

final class LastTests: XCTestCase {
    func test_last_publishesTheLastValue_whenTheUpstreamFinishes() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.last().subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)
        XCTAssertEqual(subscriber.history, ["subscription"])
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func test_anEmptyUpstream_finishesWithoutAValue() {
        let subscriber = TrackingSubscriber<Int, Never>()

        Empty<Int, Never>().last().subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_aFailure_discardsTheValueKeptSoFar() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.last().subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }
}
