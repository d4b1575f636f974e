import MVVMBinding
import XCTest

final class CountTests: XCTestCase {
    func test_count_publishesTheNumberOfValues_whenTheUpstreamFinishes() {
        let upstream = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.count().subscribe(subscriber)

        XCTAssertEqual(upstream.send("a"), .none)
        upstream.send("b")
        XCTAssertEqual(subscriber.history, ["subscription"])
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func test_anEmptyUpstream_countsZero() {
        let subscriber = TrackingSubscriber<Int, Never>()

        Empty<Int, Never>().count().subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(0)", "finished"])
    }

    func test_anUpstreamFailure_discardsTheCount() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.count().subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }
}
