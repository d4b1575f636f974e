import MVVMBinding
import XCTest

final class ScanTests: XCTestCase {
    func test_scan_emitsEveryRunningResult() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2, 3, 4].unspecialisedPublisher.scan(0, +).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(3)", "value(6)", "value(10)", "finished"])
    }

    func test_eachSubscriber_startsFromTheInitialResult() {
        let scan = [1, 2].unspecialisedPublisher.scan(10, +)
        let first = TrackingSubscriber<Int, Never>()
        let second = TrackingSubscriber<Int, Never>()

        scan.subscribe(first)
        scan.subscribe(second)

        XCTAssertEqual(first.values, [11, 13])
        XCTAssertEqual(second.values, [11, 13])
    }

    func test_demandAndFailure_passThrough() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<[Int], TestError>(initialDemand: .max(1), demandAfterValue: { _ in .max(1) })
        upstream.scan([]) { $0 + [$1] }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(1))
        upstream.send(2)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.values, [[1], [1, 2]])
        XCTAssertEqual(subscriber.completion, .failure(.oops))
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
    }

    func test_cancel_releasesTheClosureAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.scan(0) { $0 + $1 + canary.value } }
    }
}
