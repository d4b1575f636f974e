import MVVMBinding
import XCTest

final class Merge3Tests: XCTestCase {
    func test_merge3_emitsTheValuesOfAllThreeUpstreamsInArrivalOrder() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        a.merge(with: b, c).subscribe(subscriber)

        c.send(1)
        a.send(2)
        b.send(3)

        XCTAssertEqual(subscriber.values, [1, 2, 3])
    }

    func test_merge3_finishesOnlyOnceAllThreeFinished() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        Publishers.Merge3(a, b, c).subscribe(subscriber)

        a.send(completion: .finished)
        b.send(completion: .finished)
        XCTAssertNil(subscriber.completion)
        c.send(completion: .finished)

        XCTAssertTrue(subscriber.isFinished)
    }

    func test_merge3_failsOnTheFirstFailureAndCancelsTheOthers() {
        let a = DrivenPublisher<Int, TestError>()
        let b = DrivenPublisher<Int, TestError>()
        let c = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        a.merge(with: b, c).subscribe(subscriber)

        b.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual([a, c].map(\.subscription.cancelCount), [1, 1])
    }

    func test_finiteDemand_isHonouredAcrossTheThreeUpstreams() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))

        [1, 2].publisher.merge(with: [3].publisher, [4, 5].publisher).subscribe(subscriber)

        XCTAssertEqual(subscriber.values.count, 2)
        subscriber.request(.max(10))
        XCTAssertEqual(subscriber.values.sorted(), [1, 2, 3, 4, 5])
        XCTAssertTrue(subscriber.isFinished)
    }
}

// MARK: - One upstream fails (Combine: the others are cancelled, one completion)

extension Merge3Tests {
    func test_aFailure_cancelsEveryOtherUpstreamOnce_andIsTheOnlyCompletion() {
        for failing in 0..<3 {
            assertFanInFailure(upstreamCount: 3, failing: failing) { Publishers.Merge3($0[0], $0[1], $0[2]) }
        }
    }

    func test_aFailure_withNothingHeld_stillCancelsEveryOtherUpstreamOnce() {
        for failing in 0..<3 {
            assertFanInFailure(upstreamCount: 3, failing: failing, sendValuesFirst: false) { Publishers.Merge3($0[0], $0[1], $0[2]) }
        }
    }

    func test_anUpstreamSubscribingAfterAFailure_isCancelledOnce() {
        assertLateUpstreamIsCancelledAfterFailure { failed, late in
            Publishers.Merge3(failed, Empty<Int, TestError>(completeImmediately: false), late)
        }
    }
}
