import MVVMBinding
import XCTest

/// Subscriptions print, reflect and show in playgrounds as Combine's do.
final class CombineReflectableTests: XCTestCase {
    private func descriptionOfSubscription<P: Publisher>(_ makePipeline: (DrivenPublisher<Int, Never>) -> P) -> String? {
        let subscriber = TrackingSubscriber<P.Output, P.Failure>(initialDemand: nil)
        makePipeline(DrivenPublisher<Int, Never>()).subscribe(subscriber)
        return subscriber.subscriptionDescription
    }

    func test_operatorSubscriptions_printTheirCombineNames() {
        let scheduler = TestScheduler()
        XCTAssertEqual(descriptionOfSubscription { $0.dropFirst() }, "Drop")
        XCTAssertEqual(descriptionOfSubscription { $0.collect(2) }, "CollectByCount")
        XCTAssertEqual(descriptionOfSubscription { $0.prefix(2) }, "Output")
        XCTAssertEqual(descriptionOfSubscription { $0.handleEvents() }, "HandleEvents")
        XCTAssertEqual(descriptionOfSubscription { $0.tryMap { $0 } }, "TryMap")
        XCTAssertEqual(descriptionOfSubscription { $0.delay(for: .seconds(1), scheduler: scheduler) }, "Delay")
        XCTAssertEqual(descriptionOfSubscription { $0.receive(on: scheduler) }, "ReceiveOn")
        XCTAssertEqual(descriptionOfSubscription { $0.debounce(for: .seconds(1), scheduler: scheduler) }, "Debounce")
        XCTAssertEqual(
            descriptionOfSubscription { $0.throttle(for: .seconds(1), scheduler: scheduler, latest: true) }, "Throttle")
        XCTAssertEqual(descriptionOfSubscription { $0.merge(with: Empty()) }, "Merge")
        XCTAssertEqual(descriptionOfSubscription { $0.multicast { PassthroughSubject() } }, "Multicast")
    }

    func test_operatorsThatHandTheUpstreamSubscriptionThrough_showTheUpstreams() {
        XCTAssertEqual(descriptionOfSubscription { $0.map { $0 } }, "TrackingSubscription")
        XCTAssertEqual(descriptionOfSubscription { $0.filter { _ in true } }, "TrackingSubscription")
    }

    func test_mirror_showsAnOperatorsParts_andPlaygroundsShowItsName() throws {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        DrivenPublisher<Int, Never>().receive(on: TestScheduler()).subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)

        XCTAssertEqual(Mirror(reflecting: subscription).children.map(\.label), ["downstream", "upstream"])
        let playground = try XCTUnwrap(subscription as? any CustomPlaygroundDisplayConvertible)
        XCTAssertEqual(playground.playgroundDescription as? String, "ReceiveOn")
    }

    func test_subjectSubscriptionMirror_showsItsDemand() throws {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(3))
        PassthroughSubject<Int, Never>().subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)

        let demand = Mirror(reflecting: subscription).children.first { $0.label == "demand" }?.value
        XCTAssertEqual(demand as? Subscribers.Demand, .max(3))
    }
}
