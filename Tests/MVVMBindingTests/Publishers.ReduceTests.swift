import MVVMBinding
import XCTest

final class ReduceTests: XCTestCase {
    func test_reduce_publishesTheFoldedResult_whenTheUpstreamFinishes() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<String, Never>()
        upstream.reduce("") { $0 + String($1) }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(2)
        upstream.send(3)
        XCTAssertEqual(subscriber.history, ["subscription"])
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(123)", "finished"])
    }

    func test_anEmptyUpstream_publishesTheInitialResult() {
        let subscriber = TrackingSubscriber<Int, Never>()

        Empty<Int, Never>().reduce(7, +).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(7)", "finished"])
    }

    func test_eachSubscriber_startsFromTheInitialResult() {
        let sum = [1, 2, 3].unspecialisedPublisher.reduce(0, +)
        let first = TrackingSubscriber<Int, Never>()
        let second = TrackingSubscriber<Int, Never>()

        sum.subscribe(first)
        sum.subscribe(second)

        XCTAssertEqual(first.values, [6])
        XCTAssertEqual(second.values, [6])
    }

    func test_cancel_releasesTheClosureAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.reduce(0) { $0 + $1 + canary.value } }
    }
}
