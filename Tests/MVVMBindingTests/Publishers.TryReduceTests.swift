import MVVMBinding
import XCTest

final class TryReduceTests: XCTestCase {
    func test_tryReduce_publishesTheFoldedResult() {
        let subscriber = TrackingSubscriber<Int, Error>()

        [1, 2, 3].unspecialisedPublisher.tryReduce(0, +).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(6)", "finished"])
    }

    func test_aThrownError_cancelsTheUpstream_andFailsTheStream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryReduce(0) { total, value in
            if value < 0 { throw TestError.oops }
            return total + value
        }
        .subscribe(subscriber)

        upstream.send(1)
        upstream.send(-1)
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}
