import Foundation
import MVVMBinding
import XCTest

final class RecordTests: XCTestCase {
    func test_aRecord_replaysItsValuesAndCompletion_toEachSubscriber_withTheirDemand() {
        let record = Record<Int, TestError>(output: [1, 2, 3], completion: .failure(.oops))
        let first = TrackingSubscriber<Int, TestError>()
        let second = TrackingSubscriber<Int, TestError>(initialDemand: .max(2))

        record.subscribe(first)
        record.subscribe(second)

        XCTAssertEqual(first.history, ["subscription", "value(1)", "value(2)", "value(3)", "failure(oops)"])
        XCTAssertEqual(second.history, ["subscription", "value(1)", "value(2)"])
        second.request(.max(1))
        XCTAssertEqual(second.history, ["subscription", "value(1)", "value(2)", "value(3)", "failure(oops)"])
    }

    func test_aRecordingBuiltStepByStep_holdsWhatItReceived() {
        let record = Record<String, Never> { recording in
            recording.receive("a")
            recording.receive("b")
            recording.receive(completion: .finished)
        }
        let subscriber = TrackingSubscriber<String, Never>()

        record.subscribe(subscriber)

        XCTAssertEqual(record.recording.output, ["a", "b"])
        XCTAssertEqual(subscriber.history, ["subscription", "value(a)", "value(b)", "finished"])
    }

    func test_anEmptyFinishedRecord_finishesAtOnce() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)

        Record<Int, Never>(output: [], completion: .finished).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_anEmptyFailedRecord_failsAtOnce_withoutAnyDemand() {
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)

        Record<Int, TestError>(output: [], completion: .failure(.oops)).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(subscriber.subscriptionDescription, "Empty")
    }

    func test_aRecord_sendsNothingBeforeTheFirstRequest_andItsCompletionRightAfterTheLastValue() {
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)
        Record<Int, TestError>(output: [1, 2], completion: .failure(.oops)).subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription"])

        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)"])
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "failure(oops)"])
    }

    func test_demandReturnedFromReceive_isHonoured() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { $0 < 3 ? .max(1) : .none })

        Record<Int, Never>(output: Array(1...10), completion: .finished).subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertNil(subscriber.completion)
    }

    func test_requestFromInsideReceive_neitherRecursesNorReorders() {
        let count = 20_000
        var received: [Int] = []
        received.reserveCapacity(count)
        var subscription: (any Subscription)?
        var completions = 0
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: {
                subscription = $0
                $0.request(.max(1))
            },
            receiveValue: { value in
                received.append(value)
                // A pull-one-at-a-time subscriber: this must not grow the stack per value.
                subscription?.request(.max(1))
                return .none
            },
            receiveCompletion: { _ in completions += 1 })

        Record<Int, Never>(output: Array(0..<count), completion: .finished).subscribe(subscriber)

        XCTAssertEqual(received, Array(0..<count))
        XCTAssertEqual(completions, 1)
    }

    func test_cancelFromInsideReceive_stopsTheReplay_withoutACompletion() {
        var subscription: (any Subscription)?
        var received: [Int] = []
        var completions = 0
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: {
                subscription = $0
                $0.request(.unlimited)
            },
            receiveValue: { value in
                received.append(value)
                if value == 2 { subscription?.cancel() }
                return .none
            },
            receiveCompletion: { _ in completions += 1 })

        Record<Int, Never>(output: [1, 2, 3], completion: .finished).subscribe(subscriber)

        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(completions, 0)
    }

    func test_cancel_releasesTheSubscriber() {
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
            weakSubscriber = subscriber
            Record<Int, Never>(output: [1, 2, 3], completion: .finished).subscribe(subscriber)
            subscriber.cancel()
        }
        XCTAssertNil(weakSubscriber)
    }

    func test_subscription_printsItsValues_untilCancelled_andReflectsThemWithTheCompletion() throws {
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)
        Record<Int, TestError>(output: [1, 2], completion: .failure(.oops)).subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)

        XCTAssertEqual(subscriber.subscriptionDescription, "[1, 2]")
        let mirror = Mirror(reflecting: subscription)
        XCTAssertEqual(mirror.children.map(\.label), ["sequence", "completion"])
        XCTAssertEqual(mirror.children.first?.value as? [Int], [1, 2])
        XCTAssertEqual(
            mirror.children.dropFirst().first?.value as? Subscribers.Completion<TestError>, .failure(.oops))
        let playground = try XCTUnwrap(subscription as? any CustomPlaygroundDisplayConvertible)
        XCTAssertEqual(playground.playgroundDescription as? String, "[1, 2]")

        subscription.cancel()

        XCTAssertEqual(String(describing: subscription), "Cancelled Events")
        XCTAssertEqual(Mirror(reflecting: subscription).children.first?.value as? [Int], [])
    }

    func test_subscription_printsCancelledEvents_onceFinished() throws {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        Record<Int, Never>(output: [1], completion: .finished).subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)

        subscription.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
        XCTAssertEqual(String(describing: subscription), "Cancelled Events")
    }

    func test_zeroDemand_isAllowed_andSendsNothing_beforeOrDuringDelivery() {
        // Combine's Record takes a request for `.none` without trapping, also from inside
        // `receive(_:)` while it replays.
        var subscription: (any Subscription)?
        var events: [String] = []
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: {
                subscription = $0
                $0.request(.none)
            },
            receiveValue: { value in
                events.append("value(\(value))")
                subscription?.request(.none)
                return .none
            },
            receiveCompletion: { _ in events.append("finished") })

        Record<Int, Never>(output: [1, 2, 3], completion: .finished).subscribe(subscriber)
        XCTAssertEqual(events, [], "a zero request sends nothing")

        subscription?.request(.max(2))
        XCTAssertEqual(events, ["value(1)", "value(2)"])
        subscription?.request(.max(1))
        XCTAssertEqual(events, ["value(1)", "value(2)", "value(3)", "finished"])
    }
}
