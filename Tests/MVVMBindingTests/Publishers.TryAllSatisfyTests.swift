import MVVMBinding
import XCTest

final class TryAllSatisfyTests: XCTestCase {
    func test_tryAllSatisfy_publishesWhetherEveryValuePasses() {
        let subscriber = TrackingSubscriber<Bool, Error>()

        [1, 2, 3].unspecialisedPublisher.tryAllSatisfy { $0 > 0 }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(true)", "finished"])
    }

    func test_aThrownError_cancelsTheUpstream_andFailsTheStream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Bool, Error>()
        upstream.tryAllSatisfy { value in
            if value == 2 { throw TestError.oops }
            return true
        }
        .subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)
        upstream.send(3)
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_anUpstreamFailure_isWidenedToAnyError() {
        let subscriber = TrackingSubscriber<Bool, Error>()

        Fail<Int, TestError>(error: .other("upstream")).tryAllSatisfy { _ in true }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(upstream)"])
    }
}
