import MVVMBinding
import XCTest

final class LastWhereTests: XCTestCase {
    func test_lastWhere_publishesTheLastMatch_whenTheUpstreamFinishes() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2, 3, 4, 5].unspecialisedPublisher.last { $0.isMultiple(of: 2) }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(4)", "finished"])
    }

    func test_noMatch_finishesWithoutAValue() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 3].unspecialisedPublisher.last { $0.isMultiple(of: 2) }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_cancel_releasesThePredicateAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.last { $0 > canary.value } }
    }
}
