import MVVMBinding
import XCTest

final class DeferredTests: XCTestCase {
    func test_deferred_buildsNothingUntilSubscribed_thenOnePublisherPerSubscriber() {
        var built = 0
        let deferred = Deferred { () -> Just<Int> in
            built += 1
            return Just(built)
        }
        XCTAssertEqual(built, 0)

        let first = TrackingSubscriber<Int, Never>()
        let second = TrackingSubscriber<Int, Never>()
        deferred.subscribe(first)
        deferred.subscribe(second)

        XCTAssertEqual(built, 2)
        XCTAssertEqual(first.values, [1])
        XCTAssertEqual(second.values, [2])
    }

    func test_deferredFuture_startsItsWorkOnlyOnSubscription() {
        var started = 0
        let deferred = Deferred {
            Future<Int, Never> { promise in
                started += 1
                promise(.success(started))
            }
        }
        XCTAssertEqual(started, 0)

        var received: [Int] = []
        _ = deferred.sink { received.append($0) }

        XCTAssertEqual(started, 1)
        XCTAssertEqual(received, [1])
    }

    func test_demandPassesThroughToTheBuiltPublisher() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))

        Deferred { [1, 2, 3].publisher }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)"])
    }

    func test_failureOfTheBuiltPublisher_reachesTheSubscriber() {
        let subscriber = TrackingSubscriber<Int, TestError>()

        Deferred { Fail<Int, TestError>(error: .oops) }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }
}
