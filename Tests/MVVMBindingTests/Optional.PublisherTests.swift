import MVVMBinding
import XCTest

final class OptionalPublisherTests: XCTestCase {
    func test_aValue_isDeliveredOnTheFirstRequest_thenFinished() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        Optional(5).publisher.subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription"])

        subscriber.request(.max(1))
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(5)", "finished"])
    }

    func test_nil_finishesAtOnce() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)

        Optional<Int>.none.publisher.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_cancel_beforeTheRequest_deliversNothing() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        Optional.Publisher(1).subscribe(subscriber)

        subscriber.subscription?.cancel()
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription"])
    }

    func test_twoPublishersOfEqualValues_areEqual() {
        XCTAssertEqual(Optional(1).publisher, Optional.Publisher(1))
        XCTAssertNotEqual(Optional(1).publisher, Optional.Publisher(nil))
    }
}
