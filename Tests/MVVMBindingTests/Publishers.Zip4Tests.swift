import MVVMBinding
import XCTest

final class Zip4Tests: XCTestCase {
    func test_zip4_groupsTheValuesOfFourUpstreamsInOrder() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let c = PassthroughSubject<Bool, Never>()
        let d = PassthroughSubject<Double, Never>()
        var groups: [String] = []
        let cancellable = a.zip(b, c, d).sink { groups.append("\($0.0)\($0.1)\($0.2)\($0.3)") }

        a.send(1)
        a.send(2)
        b.send("x")
        c.send(true)
        XCTAssertEqual(groups, [])
        d.send(0.5)
        b.send("y")
        c.send(false)
        d.send(1.5)

        XCTAssertEqual(groups, ["1xtrue0.5", "2yfalse1.5"])
        cancellable.cancel()
    }

    func test_zip4WithATransform_mapsEachGroup() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2].publisher.zip([10, 20].publisher, [100, 200].publisher, [1000].publisher) { $0 + $1 + $2 + $3 }
            .subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1111)", "finished"])
    }

    func test_aFailure_failsTheStream_andCancelsTheOthers() {
        let a = DrivenPublisher<Int, TestError>()
        let b = DrivenPublisher<Int, TestError>()
        let c = DrivenPublisher<Int, TestError>()
        let d = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<(Int, Int, Int, Int), TestError>(initialDemand: .max(2))
        Publishers.Zip4(a, b, c, d).subscribe(subscriber)

        c.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual([a, b, d].map(\.subscription.cancelCount), [1, 1, 1])
        XCTAssertEqual([a, b, c, d].map(\.subscription.requests), Array(repeating: [.max(2)], count: 4))
    }
}

// MARK: - One upstream fails (Combine: the others are cancelled, one completion)

extension Zip4Tests {
    func test_aFailure_cancelsEveryOtherUpstreamOnce_andIsTheOnlyCompletion() {
        for failing in 0..<4 {
            assertFanInFailure(upstreamCount: 4, failing: failing, failedUpstreamIsCancelled: true) { Publishers.Zip4($0[0], $0[1], $0[2], $0[3]) }
        }
    }

    func test_aFailure_withNothingHeld_stillCancelsEveryOtherUpstreamOnce() {
        for failing in 0..<4 {
            assertFanInFailure(upstreamCount: 4, failing: failing, sendValuesFirst: false, failedUpstreamIsCancelled: true) {
                Publishers.Zip4($0[0], $0[1], $0[2], $0[3])
            }
        }
    }

    func test_anUpstreamSubscribingAfterAFailure_isCancelledOnce() {
        assertLateUpstreamIsCancelledAfterFailure { failed, late in
            Publishers.Zip4(failed, Empty<Int, TestError>(completeImmediately: false), Empty<Int, TestError>(completeImmediately: false), late)
        }
    }
}
