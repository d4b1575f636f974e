import MVVMBinding
import XCTest

final class FailTests: XCTestCase {
    func test_fail_failsAtOnce_withoutAnyDemand() {
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)

        Fail<Int, TestError>(error: .oops).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_initWithOutputType_failsWithTheGivenError() {
        let fail = Fail(outputType: String.self, failure: TestError.other("boom"))
        let subscriber = TrackingSubscriber<String, TestError>()

        fail.subscribe(subscriber)

        XCTAssertEqual(subscriber.completion, .failure(.other("boom")))
        XCTAssertEqual(fail, Fail(error: .other("boom")))
    }
}
