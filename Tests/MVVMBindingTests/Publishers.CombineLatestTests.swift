import Dispatch
import MVVMBinding
import XCTest

final class CombineLatestTests: XCTestCase {
    func test_combineLatest_emitsOnceBothHaveAValueThenOnEveryChange() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let subscriber = TrackingSubscriber<(Int, String), Never>()
        a.combineLatest(b).subscribe(subscriber)

        a.send(1)
        a.send(2)
        b.send("x")
        a.send(3)
        b.send("y")

        XCTAssertEqual(
            subscriber.history,
            [
                "subscription", "value((2, \"x\"))", "value((3, \"x\"))", "value((3, \"y\"))",
            ])
    }

    func test_combineLatest_keepsEmittingAfterOneUpstreamFinished_andFinishesWhenBothHave() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<(Int, Int), Never>()
        Publishers.CombineLatest(a, b).subscribe(subscriber)

        a.send(1)
        a.send(completion: .finished)
        b.send(10)
        b.send(20)
        XCTAssertNil(subscriber.completion)
        b.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value((1, 10))", "value((1, 20))", "finished"])
    }

    func test_combineLatest_failsOnTheFirstFailureAndCancelsTheOtherUpstream() {
        let a = DrivenPublisher<Int, TestError>()
        let b = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<(Int, Int), TestError>()
        a.combineLatest(b).subscribe(subscriber)

        a.send(1)
        a.send(completion: .failure(.oops))
        b.send(2)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(b.subscription.cancelCount, 1)
        XCTAssertEqual(a.subscription.cancelCount, 0)
    }

    func test_demand_isPassedToBothUpstreams() {
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<(Int, Int), Never>(initialDemand: .max(3))
        a.combineLatest(b).subscribe(subscriber)

        subscriber.request(.max(2))

        XCTAssertEqual(a.subscription.requests, [.max(3), .max(2)])
        XCTAssertEqual(b.subscription.requests, [.max(3), .max(2)])
    }

    func test_changesBeyondDemand_areCoalescedIntoTheNewestCombination() {
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<(Int, Int), Never>(initialDemand: .max(1))
        a.combineLatest(b).subscribe(subscriber)

        a.send(1)
        b.send(10)
        a.send(2)
        a.send(3)
        b.send(30)
        XCTAssertEqual(subscriber.history, ["subscription", "value((1, 10))"])

        subscriber.request(.max(5))

        XCTAssertEqual(subscriber.history, ["subscription", "value((1, 10))", "value((3, 30))"])
    }

    func test_combineLatestWithTransform_mapsEveryCombination() {
        let a = CurrentValueSubject<Int, Never>(1)
        let b = CurrentValueSubject<Int, Never>(10)
        let subscriber = TrackingSubscriber<Int, Never>()
        a.combineLatest(b) { $0 + $1 }.subscribe(subscriber)

        b.send(20)

        XCTAssertEqual(subscriber.values, [11, 21])
    }

    func test_cancel_cancelsBothUpstreams() {
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<(Int, Int), Never>()
        a.combineLatest(b).subscribe(subscriber)

        subscriber.cancel()

        XCTAssertEqual(a.subscription.cancelCount, 1)
        XCTAssertEqual(b.subscription.cancelCount, 1)
    }

    func test_cancel_releasesTheUpstreamsAndTheSubscriber() {
        let other = CurrentValueSubject<Int, Never>(0)
        assertCancelReleasesPipeline { subject, canary in subject.map { $0 + canary.value }.combineLatest(other) }
    }

    func test_concurrentChangesFromTwoThreads_reachTheDownstreamOneAtATime() {
        let a = CurrentValueSubject<Int, Never>(-1)
        let b = CurrentValueSubject<Int, Never>(-1)
        let subscriber = SerialCheckingSubscriber<(Int, Int), Never>()
        a.combineLatest(b).subscribe(subscriber)
        let count = 5_000

        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let subject = index == 0 ? a : b
            for n in 0..<count { subject.send(n) }
        }

        let values = subscriber.values
        XCTAssertEqual(values.count, 1 + 2 * count, "with unlimited demand every change is emitted")
        XCTAssertTrue(values.last! == (count - 1, count - 1), "the last combination holds both latest values")
        XCTAssertEqual(subscriber.overlaps, 0, "the downstream was entered concurrently")
    }

    func test_seedIdiom_canSaveFollowsBothFields() async {
        let name = CurrentValueSubject<String, Never>("")
        let email = CurrentValueSubject<String, Never>("")
        let expectation = expectation(description: "canSave turns true")
        let cancellable = name.combineLatest(email) { !$0.isEmpty && !$1.isEmpty }
            .dropFirst(2)
            .sink { canSave in
                XCTAssertTrue(canSave)
                expectation.fulfill()
            }

        name.send("Ada")
        DispatchQueue.global().async { email.send("ada@example.com") }

        await fulfillment(of: [expectation], timeout: 2)
        cancellable.cancel()
    }

    func test_aChangeSentFromInsideReceive_isDeliveredAfterTheCurrentCombination() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        var depth = 0
        var maxDepth = 0
        var received: [String] = []
        let cancellable = a.combineLatest(b).sink { pair in
            depth += 1
            maxDepth = max(maxDepth, depth)
            received.append("\(pair.0)\(pair.1)")
            if pair == (1, 1) { b.send(2) }
            depth -= 1
        }

        a.send(1)
        b.send(1)

        XCTAssertEqual(received, ["11", "12"])
        XCTAssertEqual(maxDepth, 1, "the downstream must not be re-entered")
        cancellable.cancel()
    }
}

// MARK: - One upstream fails (Combine: the others are cancelled, one completion)

extension CombineLatestTests {
    func test_aFailure_cancelsEveryOtherUpstreamOnce_andIsTheOnlyCompletion() {
        for failing in 0..<2 {
            assertFanInFailure(upstreamCount: 2, failing: failing) { Publishers.CombineLatest($0[0], $0[1]) }
        }
    }

    func test_aFailure_withNothingHeld_stillCancelsEveryOtherUpstreamOnce() {
        for failing in 0..<2 {
            assertFanInFailure(upstreamCount: 2, failing: failing, sendValuesFirst: false) { Publishers.CombineLatest($0[0], $0[1]) }
        }
    }

    func test_anUpstreamSubscribingAfterAFailure_isCancelledOnce() {
        assertLateUpstreamIsCancelledAfterFailure { failed, late in
            Publishers.CombineLatest(failed, late)
        }
    }
}

extension CombineLatestTests {
    /// An upstream failing from inside the downstream's `receive(_:)`: the failure is the next
    /// and last event, the value another upstream sends in the same call is not forwarded, and
    /// only the live upstream is cancelled, once.
    func test_aFailureFromInsideReceive_endsTheStreamAfterTheCurrentValue_andNothingFollows() {
        let a = DrivenPublisher<Int, TestError>()
        let b = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<(Int, Int), TestError>(demandAfterValue: { _ in
            b.send(completion: .failure(.oops))
            a.send(2)
            b.send(20)
            return .max(1)
        })
        a.combineLatest(b).subscribe(subscriber)

        a.send(1)
        b.send(10)
        a.send(3)
        a.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value((1, 10))", "failure(oops)"])
        XCTAssertEqual(a.subscription.cancelCount, 1)
        XCTAssertEqual(b.subscription.cancelCount, 0)
    }
}
