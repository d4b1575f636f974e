import MVVMBinding
import XCTest

final class TryRemoveDuplicatesTests: XCTestCase {
    func test_tryRemoveDuplicates_dropsRepeats_andAsksForOneMoreInEachPlace() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>(initialDemand: .max(5))
        upstream.tryRemoveDuplicates(by: ==).subscribe(subscriber)

        upstream.send(1)
        XCTAssertEqual(upstream.send(1), .max(1))
        upstream.send(2)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)"])
    }

    func test_aThrownError_cancelsTheUpstream_andFailsTheStream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryRemoveDuplicates { _, _ in throw TestError.oops }.subscribe(subscriber)

        upstream.send(1)  // the first value has nothing to be compared with
        upstream.send(2)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}
