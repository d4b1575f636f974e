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
        XCTAssertEqual(upstream.subscription.requests, [.unlimited, .unlimited], "the subscriber's, then the operator's")
    }

    func test_theDownstreamGetsTheUpstreamsSubscription_andTheUpstreamIsAskedForEverythingAfter() {
        let upstream = DrivenPublisher<Int, Never>()
        var requestsAtSubscription: [Subscribers.Demand]?
        var received: (any Subscription)?
        upstream.ignoreOutput().subscribe(
            AnySubscriber<Never, Never>(receiveSubscription: {
                received = $0
                requestsAtSubscription = upstream.subscription.requests
                $0.request(.max(42))
            }))

        XCTAssertTrue(received as? TrackingSubscription === upstream.subscription)
        XCTAssertEqual(requestsAtSubscription, [])
        XCTAssertEqual(upstream.subscription.requests, [.max(42), .unlimited])
        XCTAssertEqual(String(describing: upstream.subscriberObject ?? ""), "IgnoreOutput")
    }

    func test_completions_arePassedOnAsTheyCome() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Never, TestError>()
        upstream.ignoreOutput().subscribe(subscriber)

        upstream.send(completion: .failure(.oops))
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)", "finished"])
    }

    func test_theCompletion_needsNoDemand() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Never, TestError>(initialDemand: nil)
        upstream.ignoreOutput().subscribe(subscriber)

        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }
}
