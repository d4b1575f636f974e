import MVVMBinding
import XCTest

final class Zip3Tests: XCTestCase {
    func test_zip3_groupsTheValuesOfAllThreeUpstreamsInOrder() {
        let subscriber = TrackingSubscriber<(Int, String, Bool), Never>()

        [1, 2].publisher.zip(["a", "b", "c"].publisher, [true, false].publisher).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value((1, \"a\", true))", "value((2, \"b\", false))", "finished"])
    }

    func test_zip3_waitsForAValueFromEachUpstream() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<(Int, Int, Int), Never>()
        Publishers.Zip3(a, b, c).subscribe(subscriber)

        a.send(1)
        b.send(2)
        XCTAssertEqual(subscriber.values.count, 0)
        c.send(3)

        XCTAssertEqual(subscriber.history, ["subscription", "value((1, 2, 3))"])
    }

    func test_zip3_failsOnTheFirstFailureAndCancelsTheOthers() {
        let a = DrivenPublisher<Int, TestError>()
        let b = DrivenPublisher<Int, TestError>()
        let c = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<(Int, Int, Int), TestError>()
        a.zip(b, c).subscribe(subscriber)

        c.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual([a, b, c].map(\.subscription.cancelCount), [1, 1, 1], "as Combine's, the failed upstream too")
    }

    func test_zip3WithTransform_mapsEveryTriple() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2].publisher.zip([10, 20].publisher, [100, 200].publisher) { $0 + $1 + $2 }.subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [111, 222])
    }
}

// MARK: - One upstream fails (Combine: the others are cancelled, one completion)

extension Zip3Tests {
    func test_aFailure_cancelsEveryOtherUpstreamOnce_andIsTheOnlyCompletion() {
        for failing in 0..<3 {
            assertFanInFailure(upstreamCount: 3, failing: failing, failedUpstreamIsCancelled: true) { Publishers.Zip3($0[0], $0[1], $0[2]) }
        }
    }

    func test_aFailure_withNothingHeld_stillCancelsEveryOtherUpstreamOnce() {
        for failing in 0..<3 {
            assertFanInFailure(upstreamCount: 3, failing: failing, sendValuesFirst: false, failedUpstreamIsCancelled: true) {
                Publishers.Zip3($0[0], $0[1], $0[2])
            }
        }
    }

    func test_anUpstreamSubscribingAfterAFailure_isCancelledOnce() {
        assertLateUpstreamIsCancelledAfterFailure { failed, late in
            Publishers.Zip3(failed, Empty<Int, TestError>(completeImmediately: false), late)
        }
    }
}
