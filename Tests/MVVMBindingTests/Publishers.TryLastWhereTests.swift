import MVVMBinding
import XCTest

final class TryLastWhereTests: XCTestCase {
    func test_tryLastWhere_publishesTheLastMatch() {
        let subscriber = TrackingSubscriber<Int, Error>()

        [1, 2, 3, 4, 5].publisher.tryLast { $0 < 3 }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)", "finished"])
    }

    func test_aThrownError_cancelsTheUpstream_andFailsTheStream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryLast { value in
            if value == 2 { throw TestError.oops }
            return true
        }
        .subscribe(subscriber)

        upstream.send(1)
        upstream.send(2)
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}
