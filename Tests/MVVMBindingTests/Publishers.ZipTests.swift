import Dispatch
import MVVMBinding
import XCTest

final class ZipTests: XCTestCase {
    func test_zip_pairsTheValuesOfBothUpstreamsInOrder() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let subscriber = TrackingSubscriber<(Int, String), Never>()
        a.zip(b).subscribe(subscriber)

        a.send(1)
        a.send(2)
        XCTAssertEqual(subscriber.values.count, 0, "nothing to pair yet")
        b.send("x")
        b.send("y")
        b.send("z")

        XCTAssertEqual(subscriber.history, ["subscription", "value((1, \"x\"))", "value((2, \"y\"))"])
    }

    func test_zip_finishesWhenAFinishedUpstreamHasNothingLeftToPair() {
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<(Int, String), Never>()
        Publishers.Zip(a, b).subscribe(subscriber)

        a.send(1)
        a.send(2)
        a.send(completion: .finished)
        b.send("x")
        XCTAssertNil(subscriber.completion, "a's 2 can still be paired")
        b.send("y")

        XCTAssertEqual(subscriber.history, ["subscription", "value((1, \"x\"))", "value((2, \"y\"))", "finished"])
        XCTAssertEqual(b.subscription.cancelCount, 1, "the unfinished upstream is cancelled")
    }

    func test_zip_finishesAtOnceWhenAnUpstreamFinishesWithNothingBuffered() {
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<(Int, String), Never>()
        a.zip(b).subscribe(subscriber)

        b.send("x")
        a.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
        XCTAssertEqual(b.subscription.cancelCount, 1)
    }

    func test_zip_failsOnTheFirstFailureAndCancelsTheOtherUpstream() {
        let a = DrivenPublisher<Int, TestError>()
        let b = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<(Int, Int), TestError>()
        a.zip(b).subscribe(subscriber)

        a.send(1)
        b.send(completion: .failure(.oops))
        a.send(2)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(a.subscription.cancelCount, 1)
        XCTAssertEqual(b.subscription.cancelCount, 1, "as Combine's, zip cancels the failed upstream too")
    }

    func test_demand_isPassedToBothUpstreams() {
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<(Int, Int), Never>(initialDemand: .max(2), demandAfterValue: { _ in .max(1) })
        a.zip(b).subscribe(subscriber)

        XCTAssertEqual(a.subscription.requests, [.max(2)])
        XCTAssertEqual(b.subscription.requests, [.max(2)])
        a.send(1)
        // The pair goes out while b's value arrives; the downstream's extra demand is given
        // back to b through the return value and requested from a.
        XCTAssertEqual(b.send(1), .max(1))
        XCTAssertEqual(a.subscription.requests, [.max(2), .max(1)])
    }

    func test_pairsBeyondDemand_areDeliveredAsTheyForm_asCombines() {
        // Upstreams that send more than was requested: Combine's zip passes the surplus on.
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<(Int, Int), Never>(initialDemand: .max(1))
        a.zip(b).subscribe(subscriber)

        a.send(1)
        a.send(2)
        b.send(10)
        XCTAssertEqual(subscriber.history, ["subscription", "value((1, 10))"])
        b.send(20)
        XCTAssertEqual(subscriber.history, ["subscription", "value((1, 10))", "value((2, 20))"])
        a.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value((1, 10))", "value((2, 20))", "finished"])
    }

    func test_aPairWithNoDemandAtAll_isDelivered_andTheDemandItReturnsGoesToTheUpstreamThatCompletedIt() {
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<(Int, Int), Never>(initialDemand: nil, demandAfterValue: { _ in .max(1) })
        a.zip(b).subscribe(subscriber)

        XCTAssertEqual(a.send(1), .none)
        XCTAssertEqual(b.send(2), .max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value((1, 2))"])
        XCTAssertEqual(b.subscription.requests, [], "returned, not requested")
    }

    func test_aRequestMadeWhileReceivingAPair_isReturnedToTheUpstreamThatCompletedIt_andRequestedFromTheOthers() {
        let a = DrivenPublisher<Int, Never>()
        let b = DrivenPublisher<Int, Never>()
        final class Held: @unchecked Sendable { var subscription: (any Subscription)? }
        let held = Held()
        a.zip(b).subscribe(
            AnySubscriber<(Int, Int), Never>(
                receiveSubscription: { received in
                    held.subscription = received
                    received.request(.max(10))
                },
                receiveValue: { _ in
                    held.subscription?.request(.max(666))
                    return .none
                }))

        XCTAssertEqual(a.send(1), .none)
        XCTAssertEqual(b.send(1), .max(666))

        XCTAssertEqual(a.subscription.requests, [.max(10), .max(666)])
        XCTAssertEqual(b.subscription.requests, [.max(10)])
    }

    func test_zipWithTransform_mapsEveryPair() {
        let subscriber = TrackingSubscriber<String, Never>()

        [1, 2, 3].publisher.zip(["a", "b"].publisher) { "\($0)\($1)" }.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1a)", "value(2b)", "finished"])
    }

    func test_cancel_cancelsBothUpstreamsAndReleasesTheSubscriber() {
        let other = PassthroughSubject<Int, Never>()
        assertCancelReleasesPipeline { subject, canary in subject.map { $0 + canary.value }.zip(other) }
    }

    func test_concurrentSendsFromTwoThreads_arePairedInOrderOneAtATime() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = SerialCheckingSubscriber<(Int, Int), Never>()
        a.zip(b).subscribe(subscriber)
        let count = 5_000

        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let subject = index == 0 ? a : b
            for n in 0..<count { subject.send(n) }
        }

        let pairs = subscriber.values
        XCTAssertEqual(pairs.count, count)
        XCTAssertTrue(pairs.allSatisfy { $0.0 == $0.1 }, "values are paired in order")
        XCTAssertEqual(subscriber.overlaps, 0, "the downstream was entered concurrently")
    }

    /// Seed 002: `Publishers.Zip(fetchPost, fetchComments).sink(receiveCompletion:receiveValue: { post, comments in … })`.
    func test_seedIdiom_zipOfTwoRequestsDeliversBothResultsTogether() async {
        let post = PassthroughSubject<String, TestError>()
        let comments = PassthroughSubject<[String], TestError>()
        let valueArrived = expectation(description: "post and comments arrive together")
        let finished = expectation(description: "the zip finishes")
        var cancellables = Set<AnyCancellable>()

        Publishers.Zip(post, comments)
            .sink(
                receiveCompletion: { completion in
                    if case .finished = completion { finished.fulfill() }
                },
                receiveValue: { post, comments in
                    XCTAssertEqual(post, "Hello")
                    XCTAssertEqual(comments, ["First!"])
                    valueArrived.fulfill()
                }
            )
            .store(in: &cancellables)

        DispatchQueue.global().async {
            comments.send(["First!"])
            comments.send(completion: .finished)
        }
        DispatchQueue.global().async {
            post.send("Hello")
            post.send(completion: .finished)
        }

        await fulfillment(of: [valueArrived, finished], timeout: 2, enforceOrder: true)
    }

    func test_aPairCompletedFromInsideReceive_isDeliveredAfterTheCurrentPair() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        var depth = 0
        var maxDepth = 0
        var received: [String] = []
        let cancellable = a.zip(b).sink { pair in
            depth += 1
            maxDepth = max(maxDepth, depth)
            received.append("\(pair.0)\(pair.1)")
            if pair == (1, 1) {
                a.send(2)
                b.send(2)
            }
            depth -= 1
        }

        a.send(1)
        b.send(1)

        XCTAssertEqual(received, ["11", "22"])
        XCTAssertEqual(maxDepth, 1, "the downstream must not be re-entered")
        cancellable.cancel()
    }

    func test_aPairThatExhaustsAFinishedUpstream_isDeliveredThenTheFinish() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<(Int, Int), Never>()
        a.zip(b).subscribe(subscriber)

        a.send(1)
        a.send(completion: .finished)
        b.send(1)

        XCTAssertEqual(subscriber.history, ["subscription", "value((1, 1))", "finished"])
    }
}

// MARK: - One upstream fails (Combine: the others are cancelled, one completion)

extension ZipTests {
    func test_aFailure_cancelsEveryOtherUpstreamOnce_andIsTheOnlyCompletion() {
        for failing in 0..<2 {
            assertFanInFailure(upstreamCount: 2, failing: failing, failedUpstreamIsCancelled: true) { Publishers.Zip($0[0], $0[1]) }
        }
    }

    func test_aFailure_withNothingHeld_stillCancelsEveryOtherUpstreamOnce() {
        for failing in 0..<2 {
            assertFanInFailure(upstreamCount: 2, failing: failing, sendValuesFirst: false, failedUpstreamIsCancelled: true) {
                Publishers.Zip($0[0], $0[1])
            }
        }
    }

    func test_anUpstreamSubscribingAfterAFailure_isCancelledOnce() {
        assertLateUpstreamIsCancelledAfterFailure { failed, late in
            Publishers.Zip(failed, late)
        }
    }
}

extension ZipTests {
    /// An upstream failing from inside the downstream's `receive(_:)`: the failure is the next
    /// and last event, the value another upstream sends in the same call is not forwarded, and
    /// each upstream is cancelled once (the failed one too, as Combine's zip does).
    func test_aFailureFromInsideReceive_endsTheStreamAfterTheCurrentValue_andNothingFollows() {
        let a = DrivenPublisher<Int, TestError>()
        let b = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<(Int, Int), TestError>(demandAfterValue: { _ in
            b.send(completion: .failure(.oops))
            a.send(2)
            b.send(20)
            return .max(1)
        })
        a.zip(b).subscribe(subscriber)

        a.send(1)
        b.send(10)
        a.send(3)
        a.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value((1, 10))", "failure(oops)"])
        XCTAssertEqual(a.subscription.cancelCount, 1)
        XCTAssertEqual(b.subscription.cancelCount, 1)
    }

    func test_zip3AndZip4_printAsZip_asCombines() {
        let subscriber3 = TrackingSubscriber<(Int, Int, Int), Never>()
        Publishers.Zip3(Just(1), Just(2), Just(3)).subscribe(subscriber3)
        let subscriber4 = TrackingSubscriber<(Int, Int, Int, Int), Never>()
        Publishers.Zip4(Just(1), Just(2), Just(3), Just(4)).subscribe(subscriber4)

        XCTAssertEqual(subscriber3.subscriptionDescription, "Zip")
        XCTAssertEqual(subscriber4.subscriptionDescription, "Zip")
    }
}
