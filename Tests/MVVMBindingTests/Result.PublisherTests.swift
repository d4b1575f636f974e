import MVVMBinding
import XCTest

final class ResultPublisherTests: XCTestCase {
    func test_aSuccess_isDeliveredOnTheFirstRequest_thenFinished() {
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)
        Result<Int, TestError>.success(3).publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription"])

        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(3)", "finished"])
    }

    func test_aFailure_isDeliveredAtOnce_withoutDemand() {
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)

        Result<Int, TestError>.Publisher(.oops).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_theOutputInitialiser_makesASuccess() {
        XCTAssertEqual(Result<Int, TestError>.Publisher(4).result, .success(4))
    }
}
