import MVVMBinding
import XCTest

final class ContainsTests: XCTestCase {
    func test_contains_publishesTrue_atTheFirstEqualValue_andCancelsTheUpstream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Bool, Never>()
        upstream.contains(2).subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)

        XCTAssertEqual(subscriber.history, ["subscription", "value(true)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_anUpstreamFinishingWithoutTheValue_publishesFalse() {
        let subscriber = TrackingSubscriber<Bool, Never>()

        [1, 3].unspecialisedPublisher.contains(2).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(false)", "finished"])
    }

    func test_twoContainsOfEqualUpstreamsAndValues_areEqual() {
        XCTAssertEqual(Empty<Int, Never>().contains(1), Empty<Int, Never>().contains(1))
        XCTAssertNotEqual(Empty<Int, Never>().contains(1), Empty<Int, Never>().contains(2))
    }
}
