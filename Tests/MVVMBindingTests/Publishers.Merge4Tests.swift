import MVVMBinding
import XCTest

final class Merge4Tests: XCTestCase {
    func test_merge4_emitsTheValuesOfAllUpstreamsAsTheyArrive_andFinishesWhenAllHaveFinished() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        let d = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        a.merge(with: b, c, d).subscribe(subscriber)

        d.send(4)
        c.send(3)
        b.send(2)
        a.send(1)
        a.send(completion: .finished)
        b.send(completion: .finished)
        c.send(completion: .finished)
        XCTAssertFalse(subscriber.isFinished)
        d.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(4)", "value(3)", "value(2)", "value(1)", "finished"])
    }

    func test_aFailure_failsTheStream_andCancelsTheOthers() {
        let upstreams = (0..<4).map { _ in DrivenPublisher<Int, TestError>() }
        let subscriber = TrackingSubscriber<Int, TestError>()
        Publishers.Merge4(upstreams[0], upstreams[1], upstreams[2], upstreams[3]).subscribe(subscriber)

        upstreams[1].send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstreams.map(\.subscription.cancelCount), [1, 0] + Array(repeating: 1, count: 2))
    }
}

// MARK: - One upstream fails (Combine: the others are cancelled, one completion)

extension Merge4Tests {
    func test_aFailure_cancelsEveryOtherUpstreamOnce_andIsTheOnlyCompletion() {
        for failing in 0..<4 {
            assertFanInFailure(upstreamCount: 4, failing: failing) { Publishers.Merge4($0[0], $0[1], $0[2], $0[3]) }
        }
    }

    func test_aFailure_withNothingHeld_stillCancelsEveryOtherUpstreamOnce() {
        for failing in 0..<4 {
            assertFanInFailure(upstreamCount: 4, failing: failing, sendValuesFirst: false) { Publishers.Merge4($0[0], $0[1], $0[2], $0[3]) }
        }
    }

    func test_anUpstreamSubscribingAfterAFailure_isCancelledOnce() {
        assertLateUpstreamIsCancelledAfterFailure { failed, late in
            Publishers.Merge4(failed, Empty<Int, TestError>(completeImmediately: false), Empty<Int, TestError>(completeImmediately: false), late)
        }
    }
}
