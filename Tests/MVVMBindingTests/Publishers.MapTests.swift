import MVVMBinding
import XCTest

final class MapTests: XCTestCase {
    func test_map_transformsEveryValueInOrder() {
        let subscriber = TrackingSubscriber<String, Never>()

        [1, 2, 3].unspecialisedPublisher.map { "#\($0)" }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(#1)", "value(#2)", "value(#3)", "finished"])
    }

    func test_demand_passesStraightThroughBothWays() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2), demandAfterValue: { _ in .max(3) })

        upstream.map { $0 * 10 }.subscribe(subscriber)
        let returned = upstream.send(1)

        XCTAssertEqual(upstream.subscription.requests, [.max(2)])
        XCTAssertEqual(returned, .max(3))
        XCTAssertEqual(subscriber.values, [10])
    }

    func test_failure_passesThrough() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.map { $0 + 1 }.subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)", "failure(oops)"])
    }

    func test_cancel_reachesTheUpstream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.map { $0 }.subscribe(subscriber)

        subscriber.cancel()

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_cancel_releasesTheTransformAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.map { $0 + canary.value } }
    }

    func test_mapOfMap_fusesIntoOneStage() {
        let subject = PassthroughSubject<Int, Never>()
        let fused: Publishers.Map<PassthroughSubject<Int, Never>, String> = subject.map { $0 * 2 }.map { "\($0)" }
        let subscriber = TrackingSubscriber<String, Never>()
        fused.subscribe(subscriber)

        subject.send(21)

        XCTAssertEqual(subscriber.values, ["42"])
    }

    func test_replaceNil_substitutesTheGivenValue() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, nil, 3].unspecialisedPublisher.replaceNil(with: 0).subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [1, 0, 3])
    }

    func test_seedIdiom_mapOfAValueChangeArrivesAfterTheCurrentValue() async {
        let subject = CurrentValueSubject<Int, Never>(1)
        let expectation = expectation(description: "the mapped change arrives")
        let cancellable = subject.map { "value \($0)" }.dropFirst().sink { text in
            XCTAssertEqual(text, "value 2")
            expectation.fulfill()
        }

        subject.send(2)

        await fulfillment(of: [expectation], timeout: 2)
        cancellable.cancel()
    }
}

// MARK: - Combine's rules (issue 24)

extension MapTests {
    func test_eventsSentBeforeTheSubscription_passStraightThrough() {
        let upstream = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<Int, Never>(demandAfterValue: { _ in .max(42) })
        upstream.map { $0 + 1 }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(42))
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.events, [.value(2), .completion(.finished)])
    }
}
