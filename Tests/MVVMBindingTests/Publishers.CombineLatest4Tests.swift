import MVVMBinding
import XCTest

final class CombineLatest4Tests: XCTestCase {
    func test_combineLatest4_emitsTheLatestGroup_onceEveryUpstreamHasAValue() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let c = PassthroughSubject<Bool, Never>()
        let d = PassthroughSubject<Int, Never>()
        var groups: [String] = []
        let cancellable = a.combineLatest(b, c, d).sink { groups.append("\($0.0)\($0.1)\($0.2)\($0.3)") }

        a.send(1)
        b.send("x")
        c.send(true)
        XCTAssertEqual(groups, [])
        d.send(9)
        a.send(2)

        XCTAssertEqual(groups, ["1xtrue9", "2xtrue9"])
        cancellable.cancel()
    }

    func test_combineLatest4WithATransform_mapsEachGroup() {
        let subscriber = TrackingSubscriber<Int, Never>()

        Just(1).combineLatest(Just(10), Just(100), Just(1000)) { $0 + $1 + $2 + $3 }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1111)", "finished"])
    }

    func test_aFailure_failsTheStream_andCancelsTheOthers() {
        let upstreams = (0..<4).map { _ in DrivenPublisher<Int, TestError>() }
        let subscriber = TrackingSubscriber<(Int, Int, Int, Int), TestError>()
        Publishers.CombineLatest4(upstreams[0], upstreams[1], upstreams[2], upstreams[3]).subscribe(subscriber)

        upstreams[3].send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstreams.map(\.subscription.cancelCount), [1, 1, 1, 0])
    }
}

// MARK: - One upstream fails (Combine: the others are cancelled, one completion)

extension CombineLatest4Tests {
    func test_aFailure_cancelsEveryOtherUpstreamOnce_andIsTheOnlyCompletion() {
        for failing in 0..<4 {
            assertFanInFailure(upstreamCount: 4, failing: failing) { Publishers.CombineLatest4($0[0], $0[1], $0[2], $0[3]) }
        }
    }

    func test_aFailure_withNothingHeld_stillCancelsEveryOtherUpstreamOnce() {
        for failing in 0..<4 {
            assertFanInFailure(upstreamCount: 4, failing: failing, sendValuesFirst: false) { Publishers.CombineLatest4($0[0], $0[1], $0[2], $0[3]) }
        }
    }

    func test_anUpstreamSubscribingAfterAFailure_isCancelledOnce() {
        assertLateUpstreamIsCancelledAfterFailure { failed, late in
            Publishers.CombineLatest4(
                failed, Empty<Int, TestError>(completeImmediately: false), Empty<Int, TestError>(completeImmediately: false), late)
        }
    }
}
