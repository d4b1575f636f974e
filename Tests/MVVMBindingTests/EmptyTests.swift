import MVVMBinding
import XCTest

final class EmptyTests: XCTestCase {
    func test_empty_finishesAtOnce_withoutAnyDemand() {
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)

        Empty<Int, TestError>().subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_emptyThatDoesNotCompleteImmediately_staysSilent() {
        let subscriber = TrackingSubscriber<Int, TestError>()

        Empty<Int, TestError>(completeImmediately: false).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription"])
    }

    func test_initWithExplicitTypes_buildsTheSamePublisher() {
        let empty = Empty(completeImmediately: false, outputType: String.self, failureType: TestError.self)

        XCTAssertFalse(empty.completeImmediately)
        XCTAssertEqual(empty, Empty<String, TestError>(completeImmediately: false))
        XCTAssertNotEqual(empty, Empty<String, TestError>())
    }
}

// MARK: - Combine's rules (issue 24)

extension EmptyTests {
    func test_subscription_printsAsEmpty() {
        let subscriber = TrackingSubscriber<Int, Never>()

        Empty<Int, Never>().subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "Empty")
    }
}
