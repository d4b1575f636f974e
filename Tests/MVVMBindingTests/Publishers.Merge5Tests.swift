import MVVMBinding
import XCTest

final class Merge5Tests: XCTestCase {
    func test_merge5_emitsTheValuesOfAllUpstreamsAsTheyArrive_andFinishesWhenAllHaveFinished() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        let d = PassthroughSubject<Int, Never>()
        let e = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        a.merge(with: b, c, d, e).subscribe(subscriber)

        e.send(5)
        d.send(4)
        c.send(3)
        b.send(2)
        a.send(1)
        a.send(completion: .finished)
        b.send(completion: .finished)
        c.send(completion: .finished)
        d.send(completion: .finished)
        XCTAssertFalse(subscriber.isFinished)
        e.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(5)", "value(4)", "value(3)", "value(2)", "value(1)", "finished"])
    }

    func test_aFailure_failsTheStream_andCancelsTheOthers() {
        let upstreams = (0..<5).map { _ in DrivenPublisher<Int, TestError>() }
        let subscriber = TrackingSubscriber<Int, TestError>()
        Publishers.Merge5(upstreams[0], upstreams[1], upstreams[2], upstreams[3], upstreams[4]).subscribe(subscriber)

        upstreams[1].send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstreams.map(\.subscription.cancelCount), [1, 0] + Array(repeating: 1, count: 3))
    }
}

// MARK: - One upstream fails (Combine: the others are cancelled, one completion)

extension Merge5Tests {
    func test_aFailure_cancelsEveryOtherUpstreamOnce_andIsTheOnlyCompletion() {
        for failing in 0..<5 {
            assertFanInFailure(upstreamCount: 5, failing: failing) { Publishers.Merge5($0[0], $0[1], $0[2], $0[3], $0[4]) }
        }
    }

    func test_aFailure_withNothingHeld_stillCancelsEveryOtherUpstreamOnce() {
        for failing in 0..<5 {
            assertFanInFailure(upstreamCount: 5, failing: failing, sendValuesFirst: false) { Publishers.Merge5($0[0], $0[1], $0[2], $0[3], $0[4]) }
        }
    }

    func test_anUpstreamSubscribingAfterAFailure_isCancelledOnce() {
        assertLateUpstreamIsCancelledAfterFailure { failed, late in
            Publishers.Merge5(
                failed, Empty<Int, TestError>(completeImmediately: false), Empty<Int, TestError>(completeImmediately: false),
                Empty<Int, TestError>(completeImmediately: false), late)
        }
    }
}
