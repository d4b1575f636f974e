import MVVMBinding
import XCTest

final class RemoveDuplicatesTests: XCTestCase {
    func test_removeDuplicates_dropsConsecutiveRepeatsOnly() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 1, 2, 2, 2, 1, 3, 3].unspecialisedPublisher.removeDuplicates().subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [1, 2, 1, 3])
        XCTAssertTrue(subscriber.isFinished)
    }

    func test_removeDuplicatesBy_comparesWithTheLastRepublishedValue() {
        let subscriber = TrackingSubscriber<Int, Never>()

        // Each value within 2 of the last one republished counts as a duplicate.
        [10, 11, 12, 13, 20].publisher.removeDuplicates { abs($0 - $1) <= 2 }.subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [10, 13, 20])
    }

    func test_droppedDuplicate_asksUpstreamForOneMore() {
        let upstream = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<String, Never>(initialDemand: .max(1), demandAfterValue: { _ in .max(1) })
        upstream.removeDuplicates().subscribe(subscriber)

        XCTAssertEqual(upstream.send("a"), .max(1))
        XCTAssertEqual(upstream.send("a"), .max(1))
        XCTAssertEqual(subscriber.values, ["a"])
    }

    func test_downstreamDemand_isMetExactlyDespiteDuplicates() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))

        [1, 1, 1, 2, 3].unspecialisedPublisher.removeDuplicates().subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)"])
    }

    func test_eachSubscriber_startsWithNoPreviousValue() {
        let publisher = [1, 1].unspecialisedPublisher.removeDuplicates()
        let first = TrackingSubscriber<Int, Never>()
        let second = TrackingSubscriber<Int, Never>()

        publisher.subscribe(first)
        publisher.subscribe(second)

        XCTAssertEqual(first.values, [1])
        XCTAssertEqual(second.values, [1])
    }

    func test_cancel_releasesThePredicateAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.removeDuplicates { $0 == $1 + canary.value } }
    }

    func test_theSubscription_mirrorsItsDownstreamAndTheLastValue() throws {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.removeDuplicates().subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        XCTAssertEqual(Mirror(reflecting: subscription).children.map { "\($0.label ?? ""): \($0.value)" }.last, "last: nil")

        upstream.send(7)

        XCTAssertEqual(Mirror(reflecting: subscription).children.map(\.label), ["downstream", "last"])
        XCTAssertEqual(Mirror(reflecting: subscription).children.map { "\($0.value)" }.last, "7")
    }
}
