import MVVMBinding
import XCTest

final class AssertNoFailureTests: XCTestCase {
    // A failure traps (Combine's contract), which would end the test process; these tests
    // check the pass-through side.
    func test_assertNoFailure_republishesValuesAndFinishing_asANeverFailingPublisher() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1)) { _ in .max(1) }
        let publisher: Publishers.AssertNoFailure<DrivenPublisher<Int, TestError>> = upstream.assertNoFailure("sut")
        publisher.subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(1))
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
    }

    func test_theCallSite_isRecordedForTheTrapsMessage() {
        let publisher = Just(1).setFailureType(to: TestError.self).assertNoFailure("p")
        let line: UInt = #line - 1

        XCTAssertEqual(publisher.prefix, "p")
        XCTAssertEqual(publisher.line, line)
    }
}
