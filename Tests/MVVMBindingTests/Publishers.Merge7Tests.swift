import MVVMBinding
import XCTest

final class Merge7Tests: XCTestCase {
    func test_merge7_emitsTheValuesOfAllUpstreamsAsTheyArrive_andFinishesWhenAllHaveFinished() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        let d = PassthroughSubject<Int, Never>()
        let e = PassthroughSubject<Int, Never>()
        let f = PassthroughSubject<Int, Never>()
        let g = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        a.merge(with: b, c, d, e, f, g).subscribe(subscriber)

        g.send(7)
        f.send(6)
        e.send(5)
        d.send(4)
        c.send(3)
        b.send(2)
        a.send(1)
        a.send(completion: .finished)
        b.send(completion: .finished)
        c.send(completion: .finished)
        d.send(completion: .finished)
        e.send(completion: .finished)
        f.send(completion: .finished)
        XCTAssertFalse(subscriber.isFinished)
        g.send(completion: .finished)

        XCTAssertEqual(
            subscriber.history, ["subscription", "value(7)", "value(6)", "value(5)", "value(4)", "value(3)", "value(2)", "value(1)", "finished"])
    }

    func test_aFailure_failsTheStream_andCancelsTheOthers() {
        let upstreams = (0..<7).map { _ in DrivenPublisher<Int, TestError>() }
        let subscriber = TrackingSubscriber<Int, TestError>()
        Publishers.Merge7(upstreams[0], upstreams[1], upstreams[2], upstreams[3], upstreams[4], upstreams[5], upstreams[6]).subscribe(subscriber)

        upstreams[1].send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstreams.map(\.subscription.cancelCount), [1, 0] + Array(repeating: 1, count: 5))
    }
}

// MARK: - One upstream fails (Combine: the others are cancelled, one completion)

extension Merge7Tests {
    func test_aFailure_cancelsEveryOtherUpstreamOnce_andIsTheOnlyCompletion() {
        for failing in 0..<7 {
            assertFanInFailure(upstreamCount: 7, failing: failing) { Publishers.Merge7($0[0], $0[1], $0[2], $0[3], $0[4], $0[5], $0[6]) }
        }
    }

    func test_aFailure_withNothingHeld_stillCancelsEveryOtherUpstreamOnce() {
        for failing in 0..<7 {
            assertFanInFailure(upstreamCount: 7, failing: failing, sendValuesFirst: false) {
                Publishers.Merge7($0[0], $0[1], $0[2], $0[3], $0[4], $0[5], $0[6])
            }
        }
    }

    func test_anUpstreamSubscribingAfterAFailure_isCancelledOnce() {
        assertLateUpstreamIsCancelledAfterFailure { failed, late in
            Publishers.Merge7(
                failed, Empty<Int, TestError>(completeImmediately: false), Empty<Int, TestError>(completeImmediately: false),
                Empty<Int, TestError>(completeImmediately: false), Empty<Int, TestError>(completeImmediately: false),
                Empty<Int, TestError>(completeImmediately: false), late)
        }
    }
}
