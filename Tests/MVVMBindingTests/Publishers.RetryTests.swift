import MVVMBinding
import XCTest

final class RetryTests: XCTestCase {
    func test_retry_subscribesAgainAfterAFailure_untilTheRetriesRunOut() {
        var attempts = 0
        let subscriber = TrackingSubscriber<Int, TestError>()

        Deferred { () -> AnyPublisher<Int, TestError> in
            attempts += 1
            return Just(attempts).setFailureType(to: TestError.self)
                .append(Fail(error: .oops))
                .eraseToAnyPublisher()
        }
        .retry(2)
        .subscribe(subscriber)

        XCTAssertEqual(attempts, 3)
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "value(3)", "failure(oops)"])
    }

    func test_aNewSubscription_isAskedForTheDemandStillOutstanding() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: .max(3))
        upstream.retry(1).subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(upstream.subscription.requests, [.max(3), .max(2)])
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)"])
    }

    func test_aFinishedUpstream_isNotSubscribedAgain() {
        var attempts = 0
        let subscriber = TrackingSubscriber<Int, Never>()

        Deferred { () -> Just<Int> in
            attempts += 1
            return Just(attempts)
        }
        .retry(3)
        .subscribe(subscriber)

        XCTAssertEqual(attempts, 1)
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
    }

    func test_retryZero_passesTheFirstFailureOn() {
        let subscriber = TrackingSubscriber<Int, TestError>()

        Fail<Int, TestError>(error: .oops).retry(0).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_cancel_stopsResubscribing() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.retry(5).subscribe(subscriber)

        subscriber.cancel()
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
        XCTAssertEqual(subscriber.history, ["subscription"])
    }
}
