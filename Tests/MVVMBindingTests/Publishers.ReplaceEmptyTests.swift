import MVVMBinding
import XCTest

final class ReplaceEmptyTests: XCTestCase {
    func test_anEmptyUpstream_isReplacedByTheValue() {
        let subscriber = TrackingSubscriber<Int, Never>()

        Empty<Int, Never>().replaceEmpty(with: 9).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(9)", "finished"])
    }

    func test_anUpstreamWithValues_isRepublishedUnchanged_withItsDemand() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2)) { _ in .max(1) }
        upstream.replaceEmpty(with: 9).subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(1))
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])
    }

    func test_theReplacement_waitsForDemand() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.replaceEmpty(with: 9).subscribe(subscriber)

        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.history, ["subscription"])
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(9)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [], "a finished upstream is not asked again")
    }

    func test_aFailure_isNotReplaced() {
        let subscriber = TrackingSubscriber<Int, TestError>()

        Fail<Int, TestError>(error: .oops).replaceEmpty(with: 9).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }
}
