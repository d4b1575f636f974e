import MVVMBinding
import XCTest

final class DropWhileTests: XCTestCase {
    func test_dropWhile_omitsLeadingValues_andAsksForOneMoreInEachPlace() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.drop { $0 < 3 }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(1))
        XCTAssertEqual(upstream.send(2), .max(1))
        XCTAssertEqual(upstream.send(3), .none)

        XCTAssertEqual(subscriber.history, ["subscription", "value(3)"])
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
    }

    func test_afterTheFirstRejectedValue_thePredicateIsNotAskedAgain() {
        var asked: [Int] = []
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 5, 1, 2].unspecialisedPublisher
            .drop { value in
                asked.append(value)
                return value < 3
            }
            .subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(5)", "value(1)", "value(2)", "finished"])
        XCTAssertEqual(asked, [1, 5])
    }

    func test_eachSubscription_startsDroppingAgain() {
        let publisher = [1, 5, 1].unspecialisedPublisher.drop { $0 < 3 }
        let first = TrackingSubscriber<Int, Never>()
        let second = TrackingSubscriber<Int, Never>()

        publisher.subscribe(first)
        publisher.subscribe(second)

        XCTAssertEqual(first.values, [5, 1])
        XCTAssertEqual(second.values, [5, 1])
    }

    func test_aCancelBeforeTheSubscription_changesNothing_andTheMirrorIsEmpty() throws {
        XCTAssertEqual(
            historyOfSubscriptionArrivingAfterCancel { $0.drop { _ in true } }, [.subscribed, .requested(.unlimited)])

        let subscriber = TrackingSubscriber<Int, Never>()
        DrivenPublisher<Int, Never>().drop { _ in true }.subscribe(subscriber)
        XCTAssertEqual(subscriber.subscriptionDescription, "DropWhile")
        XCTAssertEqual(Mirror(reflecting: try XCTUnwrap(subscriber.subscription)).children.count, 0)
    }
}
