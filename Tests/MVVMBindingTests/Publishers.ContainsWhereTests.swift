import MVVMBinding
import XCTest

final class ContainsWhereTests: XCTestCase {
    func test_containsWhere_publishesTrue_atTheFirstMatch_andStopsAsking() {
        var asked: [Int] = []
        let subscriber = TrackingSubscriber<Bool, Never>()

        (1...10).unspecialisedPublisher
            .contains { value in
                asked.append(value)
                return value == 3
            }
            .subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(true)", "finished"])
        XCTAssertEqual(asked, [1, 2, 3])
    }

    func test_noMatch_publishesFalse() {
        let subscriber = TrackingSubscriber<Bool, Never>()

        [1, 2].unspecialisedPublisher.contains { $0 > 5 }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(false)", "finished"])
    }

    func test_cancel_releasesThePredicateAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.contains { $0 > canary.value + 10 } }
    }
}
