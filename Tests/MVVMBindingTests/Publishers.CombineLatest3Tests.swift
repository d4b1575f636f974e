import MVVMBinding
import XCTest

final class CombineLatest3Tests: XCTestCase {
    func test_combineLatest3_emitsOnceAllHaveAValueThenOnEveryChange() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<(Int, Int, Int), Never>()
        a.combineLatest(b, c).subscribe(subscriber)

        a.send(1)
        b.send(2)
        XCTAssertEqual(subscriber.values.count, 0)
        c.send(3)
        b.send(4)

        XCTAssertEqual(subscriber.history, ["subscription", "value((1, 2, 3))", "value((1, 4, 3))"])
    }

    func test_combineLatest3_finishesWhenAllFinished() {
        let subscriber = TrackingSubscriber<(Int, Int, Int), Never>()

        Publishers.CombineLatest3([1].publisher, [2].publisher, [3].publisher).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value((1, 2, 3))", "finished"])
    }

    func test_combineLatest3_failsOnTheFirstFailureAndCancelsTheOthers() {
        let a = DrivenPublisher<Int, TestError>()
        let b = DrivenPublisher<Int, TestError>()
        let c = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<(Int, Int, Int), TestError>()
        a.combineLatest(b, c).subscribe(subscriber)

        b.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual([a, b, c].map(\.subscription.cancelCount), [1, 0, 1])
    }

    func test_combineLatest3WithTransform_mapsEveryCombination() {
        let a = CurrentValueSubject<Int, Never>(1)
        let b = CurrentValueSubject<Int, Never>(10)
        let c = CurrentValueSubject<Int, Never>(100)
        let subscriber = TrackingSubscriber<Int, Never>()
        a.combineLatest(b, c) { $0 + $1 + $2 }.subscribe(subscriber)

        c.send(200)

        XCTAssertEqual(subscriber.values, [111, 211])
    }
}

// MARK: - One upstream fails (Combine: the others are cancelled, one completion)

extension CombineLatest3Tests {
    func test_aFailure_cancelsEveryOtherUpstreamOnce_andIsTheOnlyCompletion() {
        for failing in 0..<3 {
            assertFanInFailure(upstreamCount: 3, failing: failing) { Publishers.CombineLatest3($0[0], $0[1], $0[2]) }
        }
    }

    func test_aFailure_withNothingHeld_stillCancelsEveryOtherUpstreamOnce() {
        for failing in 0..<3 {
            assertFanInFailure(upstreamCount: 3, failing: failing, sendValuesFirst: false) { Publishers.CombineLatest3($0[0], $0[1], $0[2]) }
        }
    }

    func test_anUpstreamSubscribingAfterAFailure_isCancelledOnce() {
        assertLateUpstreamIsCancelledAfterFailure { failed, late in
            Publishers.CombineLatest3(failed, Empty<Int, TestError>(completeImmediately: false), late)
        }
    }
}
