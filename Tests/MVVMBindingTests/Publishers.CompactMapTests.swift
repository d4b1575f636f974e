import MVVMBinding
import XCTest

final class CompactMapTests: XCTestCase {
    func test_compactMap_republishesOnlyNonNilResults() {
        let subscriber = TrackingSubscriber<Int, Never>()

        ["1", "x", "3"].unspecialisedPublisher.compactMap { Int($0) }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(3)", "finished"])
    }

    func test_droppedValue_asksUpstreamForOneMore() {
        let upstream = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.compactMap { Int($0) }.subscribe(subscriber)

        XCTAssertEqual(upstream.send("x"), .max(1))
        XCTAssertEqual(upstream.send("2"), .none)
    }

    func test_downstreamDemand_isMetExactlyDespiteDroppedValues() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))

        (1...10).unspecialisedPublisher.compactMap { $0.isMultiple(of: 3) ? $0 : nil }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(3)", "value(6)"])
    }

    func test_compactMapAndMap_fuseIntoOneCompactMap() {
        let fused: Publishers.CompactMap<Publishers.Sequence<[String], Never>, Int> = ["1", "a", "2"].publisher
            .compactMap { Int($0) }
            .map { $0 * 10 }
            .compactMap { $0 > 10 ? $0 : nil }
        let subscriber = TrackingSubscriber<Int, Never>()

        fused.subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [20])
    }

    func test_cancel_releasesTheTransformAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.compactMap { $0 + canary.value } }
    }
}

// MARK: - Combine's protocol: a pass-through subscriber

extension CompactMapTests {
    func test_theDownstreamGetsTheUpstreamsOwnSubscription_andTheUpstreamSeesACompactMap() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()

        upstream.compactMap { $0 }.subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "TrackingSubscription")
        XCTAssertEqual(String(describing: upstream.subscriberObject ?? ""), "CompactMap")
        XCTAssertEqual(Mirror(reflecting: upstream.subscriberObject ?? "").children.count, 0)
    }

    func test_aNilResult_asksForOneMore_andWhateverTheUpstreamSendsIsForwarded() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<String, Never>()
        upstream.compactMap { $0 > 0 ? "\($0)" : nil }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(-1), .max(1))
        upstream.send(completion: .finished)
        XCTAssertEqual(upstream.send(2), .none)

        XCTAssertEqual(subscriber.history, ["subscription", "finished", "value(2)"])
    }
}
