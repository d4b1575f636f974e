import MVVMBinding
import XCTest

final class TryCatchTests: XCTestCase {
    func test_tryCatch_continuesWithTheHandlersPublisher_afterAFailure() {
        let subscriber = TrackingSubscriber<Int, Error>()

        Just(1).setFailureType(to: TestError.self).append(Fail(error: .oops))
            .tryCatch { _ in Just(2) }
            .subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func test_anErrorTheHandlerThrows_failsTheStream() {
        let subscriber = TrackingSubscriber<Int, Error>()

        Fail<Int, TestError>(error: .oops)
            .tryCatch { _ -> Just<Int> in throw TestError.other("handler") }
            .subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(handler)"])
    }

    func test_theReplacement_isAskedForTheOutstandingDemand_andItsFailureIsPassedOn() {
        let upstream = DrivenPublisher<Int, TestError>()
        let replacement = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, Error>(initialDemand: .max(2))
        upstream.tryCatch { _ in replacement }.subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(.oops))
        replacement.send(completion: .failure(.other("again")))

        XCTAssertEqual(replacement.subscription.requests, [.max(1)])
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "failure(again)"])
    }

    func test_aFinishedUpstream_finishesWithoutCallingTheHandler() {
        var handlerCalls = 0
        let subscriber = TrackingSubscriber<Int, Error>()

        Just(1).setFailureType(to: TestError.self)
            .tryCatch { _ -> Just<Int> in
                handlerCalls += 1
                return Just(0)
            }
            .subscribe(subscriber)

        XCTAssertEqual(handlerCalls, 0)
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
    }

    func test_theSubscription_printsAsTryCatch_andAThrowingHandlerCancelsNothingFurther() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryCatch { _ -> Just<Int> in throw TestError.other("handler") }.subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(.oops))
        subscriber.subscription?.cancel()

        XCTAssertEqual(subscriber.subscriptionDescription, "TryCatch")
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "failure(handler)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 0, "the upstream had already failed")
    }
}
