import Dispatch
import MVVMBinding
import XCTest

final class MergeTests: XCTestCase {
    func test_merge_emitsTheValuesOfBothUpstreamsInArrivalOrder() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        a.merge(with: b).subscribe(subscriber)

        a.send(1)
        b.send(2)
        a.send(3)

        XCTAssertEqual(subscriber.values, [1, 2, 3])
    }

    func test_merge_finishesOnlyOnceBothUpstreamsFinished() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        Publishers.Merge(a, b).subscribe(subscriber)

        a.send(completion: .finished)
        b.send(1)
        XCTAssertNil(subscriber.completion)
        b.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
    }

    func test_merge_failsOnTheFirstFailureAndCancelsTheOtherUpstream() {
        let a = DrivenPublisher<Int, TestError>()
        let b = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        a.merge(with: b).subscribe(subscriber)

        a.send(completion: .failure(.oops))
        b.send(1)
        b.send(completion: .failure(.other("late")))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(b.subscription.cancelCount, 1)
        XCTAssertEqual(a.subscription.cancelCount, 0, "a failed upstream is not cancelled")
    }

    func test_unlimitedDemand_isForwardedToEveryUpstream() {
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<Int, Never>()

        a.merge(with: b).subscribe(TrackingSubscriber<Int, Never>())

        XCTAssertEqual(a.subscription.requests, [.unlimited])
        XCTAssertEqual(b.subscription.requests, [.unlimited])
    }

    func test_finiteDemand_asksEachUpstreamForOneValueAtATime() {
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        a.merge(with: b).subscribe(subscriber)

        XCTAssertEqual(a.subscription.requests, [.max(1)])
        XCTAssertEqual(b.subscription.requests, [.max(1)])
        // Demand remains after this value, so `a` is asked again through the return value.
        XCTAssertEqual(a.send(1), .max(1))
        // The downstream's demand is now used up: `b` is not asked again.
        XCTAssertEqual(b.send(2), .none)
        XCTAssertEqual(subscriber.values, [1, 2])
    }

    func test_valuesBeyondDemand_waitForTheNextRequest() {
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        a.merge(with: b).subscribe(subscriber)

        a.send(1)
        b.send(2)
        XCTAssertEqual(subscriber.values, [1])

        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.values, [1, 2])
        XCTAssertEqual(b.subscription.requests, [.max(1)], "b still has nothing new to give")
        XCTAssertEqual(a.subscription.requests, [.max(1)], "no demand left to ask a again")
    }

    func test_finish_waitsForHeldValuesToBeDelivered() {
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        a.merge(with: b).subscribe(subscriber)

        a.send(1)
        b.send(2)
        a.send(completion: .finished)
        b.send(completion: .finished)
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)"])

        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func test_mergeOfSynchronousPublishers_deliversEverythingWithLimitedDemand() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { _ in .max(1) })

        [1, 2].publisher.merge(with: [3, 4].publisher).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "value(3)", "value(4)", "finished"])
    }

    func test_cancel_cancelsBothUpstreams() {
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        a.merge(with: b).subscribe(subscriber)

        subscriber.cancel()
        a.send(1)

        XCTAssertEqual(a.subscription.cancelCount, 1)
        XCTAssertEqual(b.subscription.cancelCount, 1)
        XCTAssertEqual(subscriber.values, [])
    }

    func test_cancel_releasesTheUpstreamsAndTheSubscriber() {
        let other = PassthroughSubject<Int, Never>()
        assertCancelReleasesPipeline { subject, canary in subject.map { $0 + canary.value }.merge(with: other) }
    }

    func test_valueSentFromInsideReceive_isDeliveredAfterTheCurrentCallReturns() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        var depth = 0
        var maxDepth = 0
        var received: [Int] = []
        let cancellable = a.merge(with: b).sink { value in
            depth += 1
            maxDepth = max(maxDepth, depth)
            received.append(value)
            if value == 1 { b.send(2) }
            depth -= 1
        }

        a.send(1)

        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(maxDepth, 1, "the downstream must not be re-entered")
        cancellable.cancel()
    }

    func test_concurrentSendsIntoBothUpstreams_reachTheDownstreamOneAtATime() {
        let subjects = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
        let subscriber = SerialCheckingSubscriber<Int, Never>()
        subjects[0].merge(with: subjects[1]).subscribe(subscriber)
        let perThread = 5_000

        DispatchQueue.concurrentPerform(iterations: 2) { index in
            for n in 0..<perThread { subjects[index].send(index * perThread + n) }
        }

        let values = subscriber.values
        XCTAssertEqual(values.count, 2 * perThread)
        XCTAssertEqual(Set(values), Set(0..<2 * perThread))
        XCTAssertEqual(values.filter { $0 < perThread }, Array(0..<perThread), "each upstream's order is kept")
        XCTAssertEqual(subscriber.overlaps, 0, "the downstream was entered concurrently")
    }

    func test_mergeWithOnAMerge_buildsAMerge3() {
        let subjects = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
        let merged: Publishers.Merge3<PassthroughSubject<Int, Never>, PassthroughSubject<Int, Never>, PassthroughSubject<Int, Never>> =
            Publishers.Merge(subjects[0], subjects[1]).merge(with: subjects[2])
        let subscriber = TrackingSubscriber<Int, Never>()
        merged.subscribe(subscriber)

        subjects[2].send(3)

        XCTAssertEqual(subscriber.values, [3])
    }

    func test_seedIdiom_mergedChangesArriveThroughSink() async {
        let names = CurrentValueSubject<String, Never>("a")
        let resets = PassthroughSubject<String, Never>()
        let expectation = expectation(description: "the reset arrives")
        let cancellable = names.merge(with: resets).dropFirst().sink { value in
            XCTAssertEqual(value, "reset")
            expectation.fulfill()
        }

        DispatchQueue.global().async { resets.send("reset") }

        await fulfillment(of: [expectation], timeout: 2)
        cancellable.cancel()
    }
}

// MARK: - One upstream fails (Combine: the others are cancelled, one completion)

extension MergeTests {
    func test_aFailure_cancelsEveryOtherUpstreamOnce_andIsTheOnlyCompletion() {
        for failing in 0..<2 {
            assertFanInFailure(upstreamCount: 2, failing: failing) { Publishers.Merge($0[0], $0[1]) }
        }
    }

    func test_aFailure_withNothingHeld_stillCancelsEveryOtherUpstreamOnce() {
        for failing in 0..<2 {
            assertFanInFailure(upstreamCount: 2, failing: failing, sendValuesFirst: false) { Publishers.Merge($0[0], $0[1]) }
        }
    }

    func test_anUpstreamSubscribingAfterAFailure_isCancelledOnce() {
        assertLateUpstreamIsCancelledAfterFailure { failed, late in
            Publishers.Merge(failed, late)
        }
    }
}

extension MergeTests {
    /// An upstream failing from inside the downstream's `receive(_:)`: the failure is the next
    /// and last event, the value another upstream sends in the same call is not forwarded, and
    /// only the live upstream is cancelled, once.
    func test_aFailureFromInsideReceive_endsTheStreamAfterTheCurrentValue_andNothingFollows() {
        let a = DrivenPublisher<Int, TestError>()
        let b = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(demandAfterValue: { _ in
            b.send(completion: .failure(.oops))
            a.send(2)
            b.send(20)
            return .max(1)
        })
        a.merge(with: b).subscribe(subscriber)

        a.send(1)
        a.send(3)
        a.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "failure(oops)"])
        XCTAssertEqual(a.subscription.cancelCount, 1)
        XCTAssertEqual(b.subscription.cancelCount, 0)
    }
}
