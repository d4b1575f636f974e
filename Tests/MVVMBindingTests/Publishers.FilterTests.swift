import MVVMBinding
import XCTest

final class FilterTests: XCTestCase {
    func test_filter_republishesOnlyMatchingValuesInOrder() {
        let subscriber = TrackingSubscriber<Int, Never>()

        (1...6).unspecialisedPublisher.filter { $0.isMultiple(of: 2) }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)", "value(4)", "value(6)", "finished"])
    }

    func test_rejectedValue_asksUpstreamForOneMore_andAcceptedValueReturnsTheDownstreamDemand() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { _ in .max(4) })
        upstream.filter { $0 > 0 }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(-1), .max(1))
        XCTAssertEqual(upstream.send(1), .max(4))
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
    }

    func test_downstreamDemand_isMetExactlyDespiteRejectedValues() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))

        (1...10).unspecialisedPublisher.filter { $0.isMultiple(of: 4) }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(4)", "value(8)"])
    }

    func test_failure_passesThrough() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.filter { _ in true }.subscribe(subscriber)

        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_cancel_reachesTheUpstream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.filter { _ in true }.subscribe(subscriber)

        subscriber.cancel()

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_filterOfFilter_fusesIntoOneStage() {
        let fused: Publishers.Filter<Publishers.Sequence<ClosedRange<Int>, Never>> = (1...12).publisher
            .filter { $0.isMultiple(of: 2) }
            .filter { $0.isMultiple(of: 3) }
        let subscriber = TrackingSubscriber<Int, Never>()

        fused.subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [6, 12])
    }

    func test_cancel_releasesThePredicateAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.filter { $0 == canary.value } }
    }

    func test_seedIdiom_filteredChangeArrivesAfterTheCurrentValue() async {
        let subject = CurrentValueSubject<Int, Never>(0)
        let expectation = expectation(description: "the first even change arrives")
        let cancellable = subject.filter { $0.isMultiple(of: 2) }.dropFirst().sink { value in
            XCTAssertEqual(value, 4)
            expectation.fulfill()
        }

        subject.send(3)
        subject.send(4)

        await fulfillment(of: [expectation], timeout: 2)
        cancellable.cancel()
    }
}

// MARK: - Combine's protocol: a pass-through subscriber

extension FilterTests {
    func test_theDownstreamGetsTheUpstreamsOwnSubscription_andTheUpstreamSeesAFilter() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()

        upstream.filter { _ in true }.subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "TrackingSubscription")
        XCTAssertEqual(String(describing: upstream.subscriberObject ?? ""), "Filter")
        XCTAssertEqual(Mirror(reflecting: upstream.subscriberObject ?? "").children.count, 0)
    }

    func test_whateverTheUpstreamSends_isForwarded_asCombines() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.filter { $0 > 0 }.subscribe(subscriber)

        upstream.send(completion: .finished)
        XCTAssertEqual(upstream.send(1), .none)
        XCTAssertEqual(upstream.send(-1), .max(1))
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "finished", "value(1)", "finished"])
    }
}
