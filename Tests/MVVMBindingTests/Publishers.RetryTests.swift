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

    func test_demandTheDownstreamAddsForAValue_isRequestedFromTheUpstream_notReturned() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: .max(3), demandAfterValue: { _ in .max(5) })
        upstream.retry(1).subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(3)), .requested(.max(5)), .subscribed, .requested(.max(7))])
    }

    func test_anUpstreamThatFailsWhileSubscribing_isRetriedFromALoop_notRecursively() {
        var attempts = 0
        let subscriber = TrackingSubscriber<Int, TestError>()

        let upstream = Deferred { () -> AnyPublisher<Int, TestError> in
            attempts += 1
            guard attempts == 100_000 else { return Fail(error: .oops).eraseToAnyPublisher() }
            return Just(7).setFailureType(to: TestError.self).eraseToAnyPublisher()
        }
        Publishers.Retry(upstream: upstream, retries: nil).subscribe(subscriber)

        XCTAssertEqual(attempts, 100_000)
        XCTAssertEqual(subscriber.history, ["subscription", "value(7)", "finished"])
    }

    func test_aNegativeCount_neverRunsOut() {
        var attempts = 0
        let subscriber = TrackingSubscriber<Int, TestError>()

        Deferred { () -> AnyPublisher<Int, TestError> in
            attempts += 1
            guard attempts == 50 else { return Fail(error: .oops).eraseToAnyPublisher() }
            return Just(0).setFailureType(to: TestError.self).eraseToAnyPublisher()
        }
        .retry(-1)
        .subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(0)", "finished"])
    }

    func test_theSubscription_printsAsRetry_withAnEmptyMirror() throws {
        let subscriber = TrackingSubscriber<Int, TestError>()
        DrivenPublisher<Int, TestError>().retry(1).subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "Retry")
        XCTAssertEqual(Mirror(reflecting: try XCTUnwrap(subscriber.subscription)).children.count, 0)
    }
}
