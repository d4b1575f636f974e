import MVVMBinding
import XCTest

final class FirstWhereTests: XCTestCase {
    func test_firstWhere_republishesTheFirstMatch_andStopsAskingThePredicate() {
        var asked: [Int] = []
        let subscriber = TrackingSubscriber<Int, Never>()

        (1...10).unspecialisedPublisher
            .first { value in
                asked.append(value)
                return value > 2
            }
            .subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(3)", "finished"])
        XCTAssertEqual(asked, [1, 2, 3])
    }

    func test_noMatch_finishesWithoutAValue() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2].unspecialisedPublisher.first { $0 > 5 }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_match_cancelsTheUpstream() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.first { $0 == 2 }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(2)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_cancel_releasesThePredicateAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.first { $0 > canary.value + 10 } }
    }
}
