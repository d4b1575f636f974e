import Dispatch
import MVVMBinding
import XCTest

final class MergeManyTests: XCTestCase {
    func test_mergeMany_emitsTheValuesOfEveryUpstreamInArrivalOrder() {
        let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let subscriber = TrackingSubscriber<Int, Never>()
        Publishers.MergeMany(subjects).subscribe(subscriber)

        subjects[3].send(30)
        subjects[0].send(0)
        subjects[2].send(20)

        XCTAssertEqual(subscriber.values, [30, 0, 20])
    }

    func test_mergeMany_finishesOnceEveryUpstreamFinished() {
        let subscriber = TrackingSubscriber<Int, Never>()

        Publishers.MergeMany([1].publisher, [2, 3].publisher, [].publisher).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "value(3)", "finished"])
    }

    func test_mergeManyOfNothing_finishesAtOnce() {
        let subscriber = TrackingSubscriber<Int, Never>()

        Publishers.MergeMany([PassthroughSubject<Int, Never>]()).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_mergeMany_failsOnTheFirstFailureAndCancelsTheOthers() {
        let upstreams = (0..<3).map { _ in DrivenPublisher<Int, TestError>() }
        let subscriber = TrackingSubscriber<Int, TestError>()
        Publishers.MergeMany(upstreams).subscribe(subscriber)

        upstreams[1].send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstreams.map(\.subscription.cancelCount), [1, 0, 1])
    }

    func test_finiteDemand_isHonouredAcrossEveryUpstream() {
        let upstreams = (0..<3).map { _ in DrivenPublisher<Int, Never>() }
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        Publishers.MergeMany(upstreams).subscribe(subscriber)

        for (index, upstream) in upstreams.enumerated() { upstream.send(index) }
        XCTAssertEqual(subscriber.values, [0])
        subscriber.request(.max(5))

        XCTAssertEqual(subscriber.values, [0, 1, 2])
        XCTAssertEqual(upstreams.map(\.subscription.requests), [[.max(1), .max(1)], [.max(1), .max(1)], [.max(1), .max(1)]])
    }

    func test_mergeWith_onMergeMany_addsTheUpstream() {
        let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
        let merged = Publishers.MergeMany(subjects[0], subjects[1]).merge(with: subjects[2])
        let subscriber = TrackingSubscriber<Int, Never>()
        merged.subscribe(subscriber)

        subjects[2].send(2)

        XCTAssertEqual(merged.publishers.count, 3)
        XCTAssertEqual(subscriber.values, [2])
    }

    func test_mergeWith_aPublisherOfTheSameType_buildsAMergeMany() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()

        let merged: Publishers.MergeMany<PassthroughSubject<Int, Never>> = a.merge(with: b)

        XCTAssertEqual(merged.publishers.count, 2)
    }

    func test_cancel_cancelsEveryUpstream() {
        let upstreams = (0..<3).map { _ in DrivenPublisher<Int, Never>() }
        let subscriber = TrackingSubscriber<Int, Never>()
        Publishers.MergeMany(upstreams).subscribe(subscriber)

        subscriber.cancel()

        XCTAssertEqual(upstreams.map(\.subscription.cancelCount), [1, 1, 1])
    }

    func test_concurrentSendsIntoManyUpstreams_reachTheDownstreamOneAtATime() {
        let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let subscriber = SerialCheckingSubscriber<Int, Never>()
        Publishers.MergeMany(subjects).subscribe(subscriber)

        DispatchQueue.concurrentPerform(iterations: subjects.count) { index in
            for n in 0..<2_000 { subjects[index].send(n) }
        }

        XCTAssertEqual(subscriber.values.count, 4 * 2_000)
        XCTAssertEqual(subscriber.overlaps, 0)
    }
}

// MARK: - One upstream fails (Combine: the others are cancelled, one completion)

extension MergeManyTests {
    func test_aFailure_cancelsEveryOtherUpstreamOnce_andIsTheOnlyCompletion() {
        for failing in 0..<5 {
            assertFanInFailure(upstreamCount: 5, failing: failing) { Publishers.MergeMany($0) }
        }
    }

    func test_aFailure_withNothingHeld_stillCancelsEveryOtherUpstreamOnce() {
        for failing in 0..<5 {
            assertFanInFailure(upstreamCount: 5, failing: failing, sendValuesFirst: false) { Publishers.MergeMany($0) }
        }
    }

    func test_anUpstreamSubscribingAfterAFailure_isCancelledOnce() {
        assertLateUpstreamIsCancelledAfterFailure { failed, late in
            Publishers.MergeMany([failed.eraseToAnyPublisher(), late.eraseToAnyPublisher()])
        }
    }
}
