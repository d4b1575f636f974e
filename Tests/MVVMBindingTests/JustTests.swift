import MVVMBinding
import XCTest

final class JustTests: XCTestCase {
    func test_just_deliversItsValueAndFinishes_onTheFirstRequest() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        Just(5).subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription"])

        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(5)", "finished"])
    }

    func test_laterRequests_deliverNothingMore() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .unlimited)
        Just(5).subscribe(subscriber)

        subscriber.request(.max(3))

        XCTAssertEqual(subscriber.history, ["subscription", "value(5)", "finished"])
    }

    func test_cancelBeforeRequest_deliversNothing() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        Just(5).subscribe(subscriber)

        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription"])
    }

    func test_everySubscriber_getsTheValue() {
        let just = Just("hello")
        var received: [String] = []

        _ = just.sink { received.append($0) }
        _ = just.sink { received.append($0) }

        XCTAssertEqual(received, ["hello", "hello"])
    }

    func test_cancel_releasesTheSubscriber() {
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
            weakSubscriber = subscriber
            Just(1).subscribe(subscriber)
            subscriber.cancel()
        }
        XCTAssertNil(weakSubscriber)
    }

    func test_justsWithEqualValues_areEqual() {
        XCTAssertEqual(Just(1), Just(1))
        XCTAssertNotEqual(Just(1), Just(2))
    }

    func test_subscription_printsAsJust_andReflectsItsValue() throws {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        Just(42).subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)

        XCTAssertEqual(subscriber.subscriptionDescription, "Just")
        let children = Mirror(reflecting: subscription).children
        XCTAssertEqual(children.map(\.label), [nil])
        XCTAssertEqual(children.first?.value as? Int, 42)
        let playground = try XCTUnwrap(subscription as? any CustomPlaygroundDisplayConvertible)
        XCTAssertEqual(playground.playgroundDescription as? String, "Just")
    }

    func test_cancelAfterTheFirstRequest_changesNothingDelivered() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        Just(42).subscribe(subscriber)
        let subscription = subscriber.subscription

        subscription?.request(.max(1))
        subscription?.cancel()
        subscription?.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(42)", "finished"])
    }
}
