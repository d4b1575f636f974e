import MVVMBinding
import XCTest

final class CollectByCountTests: XCTestCase {
    func test_collectCount_emitsFullArraysAndTheRemainderOnFinish() {
        let subscriber = TrackingSubscriber<[Int], Never>()

        (1...5).publisher.collect(2).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value([1, 2])", "value([3, 4])", "value([5])", "finished"])
    }

    func test_demandForArrays_isScaledToDemandForValues() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<[Int], Never>(initialDemand: .max(2), demandAfterValue: { _ in .max(1) })
        upstream.collect(3).subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .none)
        XCTAssertEqual(upstream.send(2), .none)
        XCTAssertEqual(upstream.send(3), .max(3))
        XCTAssertEqual(upstream.subscription.requests, [.max(6)])
    }

    func test_downstreamDemand_isMetExactly() {
        let subscriber = TrackingSubscriber<[Int], Never>(initialDemand: .max(1))

        (1...10).publisher.collect(3).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value([1, 2, 3])"])
    }

    func test_failure_discardsThePartialArray() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TrackingSubscriber<[Int], TestError>()
        subject.collect(2).subscribe(subscriber)

        subject.send(1)
        subject.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_cancel_releasesTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.map { $0 + canary.value }.collect(2) }
    }
}

// MARK: - Combine's rules (issue 24)

extension CollectByCountTests {
    func test_valuesAfterTheUpstreamFinished_areIgnored() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<[Int], Never>()
        upstream.collect(2).subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .finished)
        upstream.send(2)
        upstream.send(3)

        XCTAssertEqual(subscriber.events, [.subscription, .value([1]), .completion(.finished)])
    }

    func test_aCancelBeforeTheUpstreamSubscribed_changesNothing() {
        XCTAssertEqual(historyOfSubscriptionArrivingAfterCancel { $0.collect(2) }, [.subscribed, .requested(.unlimited)])
    }

    func test_everyCompletionTheUpstreamSends_isPassedOn_asCombines() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<[Int], TestError>()
        upstream.collect(2).subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .finished)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.events, [.subscription, .value([1]), .completion(.finished), .completion(.failure(.oops))])
    }

    func test_theSubscription_mirrorsDownstreamUpstreamBufferAndCount() throws {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<[Int], Never>()
        upstream.collect(3).subscribe(subscriber)
        upstream.send(5)

        let mirror = Mirror(reflecting: try XCTUnwrap(subscriber.subscription))
        XCTAssertEqual(mirror.children.map(\.label), ["downstream", "upstreamSubscription", "buffer", "count"])
        XCTAssertEqual(mirror.children.dropFirst(2).map { "\($0.value)" }, ["[5]", "3"])
    }
}
