import MVVMBinding
import XCTest

final class SetFailureTypeTests: XCTestCase {
    func test_setFailureType_passesValuesAndFinishThrough() {
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: .max(2))

        [1, 2, 3].unspecialisedPublisher.setFailureType(to: TestError.self).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)"])
    }

    func test_retypedPublisher_combinesWithAFailingOne() {
        let subscriber = TrackingSubscriber<Int, TestError>()

        Just(1).setFailureType(to: TestError.self)
            .catch { _ in Fail<Int, TestError>(error: .oops) }
            .subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
    }

    func test_cancel_reachesTheUpstream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.setFailureType(to: Error.self).subscribe(subscriber)

        subscriber.cancel()

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}
