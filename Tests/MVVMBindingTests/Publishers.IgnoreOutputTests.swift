import MVVMBinding
import XCTest

final class IgnoreOutputTests: XCTestCase {
    func test_ignoreOutput_dropsEveryValue_andPassesOnTheCompletion() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Never, Never>()
        upstream.ignoreOutput().subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(2)
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func test_theCompletion_needsNoDemand() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Never, TestError>(initialDemand: nil)
        upstream.ignoreOutput().subscribe(subscriber)

        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }
}
