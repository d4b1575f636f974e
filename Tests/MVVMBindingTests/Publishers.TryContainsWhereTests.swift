import MVVMBinding
import XCTest

final class TryContainsWhereTests: XCTestCase {
    func test_tryContains_publishesWhetherAValueMatches() {
        let subscriber = TrackingSubscriber<Bool, Error>()

        [1, 2, 3].unspecialisedPublisher.tryContains { $0 == 2 }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(true)", "finished"])
    }

    func test_aThrownError_cancelsTheUpstream_andFailsTheStream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Bool, Error>()
        upstream.tryContains { _ in throw TestError.oops }.subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}
