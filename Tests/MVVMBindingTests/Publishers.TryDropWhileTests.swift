import MVVMBinding
import XCTest

final class TryDropWhileTests: XCTestCase {
    func test_tryDropWhile_omitsLeadingValues() {
        let subscriber = TrackingSubscriber<Int, Error>()

        [1, 2, 3, 1].publisher.tryDrop { $0 < 3 }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(3)", "value(1)", "finished"])
    }

    func test_aThrownError_cancelsTheUpstream_andFailsTheStream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryDrop { _ in throw TestError.oops }.subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}
