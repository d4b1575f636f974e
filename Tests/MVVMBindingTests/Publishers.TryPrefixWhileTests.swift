import MVVMBinding
import XCTest

final class TryPrefixWhileTests: XCTestCase {
    func test_tryPrefixWhile_republishesWhileThePredicateAccepts() {
        let subscriber = TrackingSubscriber<Int, Error>()

        [1, 2, 3, 1].publisher.tryPrefix { $0 < 3 }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func test_aThrownError_cancelsTheUpstream_andFailsTheStream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryPrefix { value in
            if value == 2 { throw TestError.oops }
            return true
        }
        .subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)
        upstream.send(3)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}
