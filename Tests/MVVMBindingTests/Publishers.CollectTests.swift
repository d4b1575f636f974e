import MVVMBinding
import XCTest

final class CollectTests: XCTestCase {
    func test_collect_emitsEveryValueAsOneArray_whenUpstreamFinishes() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<[Int], Never>()
        subject.collect().subscribe(subscriber)

        subject.send(1)
        subject.send(2)
        XCTAssertEqual(subscriber.history, ["subscription"])
        subject.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value([1, 2])", "finished"])
    }

    func test_emptyUpstream_givesAnEmptyArray() {
        let subscriber = TrackingSubscriber<[Int], Never>()

        Empty<Int, Never>().collect().subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [[]])
        XCTAssertTrue(subscriber.isFinished)
    }

    func test_asksUpstreamForUnlimitedValues_onTheFirstRequest() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<[Int], Never>(initialDemand: .max(1))

        upstream.collect().subscribe(subscriber)

        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
        XCTAssertEqual(upstream.send(1), .none)
    }

    func test_result_waitsForTheDownstreamsRequest() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<[Int], Never>(initialDemand: nil)
        upstream.collect().subscribe(subscriber)

        upstream.send(1)  // an upstream racing ahead of the request
        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.history, ["subscription"])
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value([1])", "finished"])
    }

    func test_failure_discardsTheCollectedValues() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TrackingSubscriber<[Int], TestError>()
        subject.collect().subscribe(subscriber)

        subject.send(1)
        subject.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_cancel_reachesTheUpstream() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<[Int], Never>()
        upstream.collect().subscribe(subscriber)

        subscriber.cancel()
        upstream.send(completion: .finished)

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        XCTAssertEqual(subscriber.history, ["subscription"])
    }
}
