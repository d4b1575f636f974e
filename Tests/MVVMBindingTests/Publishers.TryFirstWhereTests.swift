import MVVMBinding
import XCTest

final class TryFirstWhereTests: XCTestCase {
    func test_tryFirstWhere_republishesTheFirstMatch_andCancelsTheUpstream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryFirst { $0 > 1 }.subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)", "finished"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_aThrownError_cancelsTheUpstream_andFailsTheStream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryFirst { _ in throw TestError.oops }.subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_anUpstreamFailure_isPassedOn() {
        let subscriber = TrackingSubscriber<Int, Error>()

        Fail<Int, TestError>(error: .oops).tryFirst { _ in true }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }
}
