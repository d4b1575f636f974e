import MVVMBinding
import XCTest

final class TryComparisonTests: XCTestCase {
    func test_tryMinAndTryMax_publishTheLeastAndGreatestValue() {
        let least = TrackingSubscriber<Int, Error>()
        let greatest = TrackingSubscriber<Int, Error>()

        [3, 1, 4].publisher.tryMin(by: <).subscribe(least)
        [3, 1, 4].publisher.tryMax(by: <).subscribe(greatest)

        XCTAssertEqual(least.history, ["subscription", "value(1)", "finished"])
        XCTAssertEqual(greatest.history, ["subscription", "value(4)", "finished"])
    }

    func test_aThrownError_cancelsTheUpstream_andFailsTheStream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryMax { _, _ in throw TestError.oops }.subscribe(subscriber)

        upstream.send(1)  // the first value is kept without a comparison
        XCTAssertEqual(upstream.subscription.cancelCount, 0)
        upstream.send(2)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}
