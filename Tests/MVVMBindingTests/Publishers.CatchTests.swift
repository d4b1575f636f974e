import MVVMBinding
import XCTest

final class CatchTests: XCTestCase {
    func test_catch_continuesWithTheHandlersPublisher_afterAFailure() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, Never>()
        var caught: [TestError] = []
        subject
            .catch { error -> Just<Int> in
                caught.append(error)
                return Just(99)
            }
            .subscribe(subscriber)

        subject.send(1)
        subject.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(99)", "finished"])
        XCTAssertEqual(caught, [.oops])
    }

    func test_finish_passesThroughWithoutCallingTheHandler() {
        let subscriber = TrackingSubscriber<Int, Never>()
        var handlerCalls = 0

        [1, 2].publisher.setFailureType(to: TestError.self)
            .catch { _ -> Just<Int> in
                handlerCalls += 1
                return Just(0)
            }
            .subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
        XCTAssertEqual(handlerCalls, 0)
    }

    func test_outstandingDemand_isCarriedOverToTheReplacement() {
        let upstream = DrivenPublisher<Int, TestError>()
        let replacement = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(3))
        upstream.catch { _ in replacement }.subscribe(subscriber)

        upstream.send(1)
        subscriber.request(.max(2))
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(upstream.subscription.requests, [.max(3), .max(2)])
        XCTAssertEqual(replacement.subscription.requests, [.max(4)])
    }

    func test_unlimitedDemand_isCarriedOverToTheReplacement() {
        let replacement = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()

        Fail<Int, TestError>(error: .oops).catch { _ in replacement }.subscribe(subscriber)
        replacement.send(5)

        XCTAssertEqual(replacement.subscription.requests, [.unlimited])
        XCTAssertEqual(subscriber.values, [5])
    }

    func test_demandReturnedFromReceive_isCountedAndForwarded() {
        let upstream = DrivenPublisher<Int, TestError>()
        let replacement = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1), demandAfterValue: { _ in .max(1) })
        upstream.catch { _ in replacement }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(1))
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(replacement.subscription.requests, [.max(1)])
    }

    func test_replacementsCompletion_endsTheStream() {
        let subscriber = TrackingSubscriber<Int, TestError>()

        Fail<Int, TestError>(error: .oops)
            .catch { _ in Fail<Int, TestError>(error: .other("again")) }
            .subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(again)"])
    }

    func test_cancel_reachesWhicheverUpstreamIsCurrent() {
        let upstream = DrivenPublisher<Int, TestError>()
        let replacement = DrivenPublisher<Int, Never>()
        let first = TrackingSubscriber<Int, Never>()
        upstream.catch { _ in replacement }.subscribe(first)
        first.cancel()
        XCTAssertEqual(upstream.subscription.cancelCount, 1)

        let secondUpstream = DrivenPublisher<Int, TestError>()
        let second = TrackingSubscriber<Int, Never>()
        secondUpstream.catch { _ in replacement }.subscribe(second)
        secondUpstream.send(completion: .failure(.oops))
        second.cancel()

        XCTAssertEqual(secondUpstream.subscription.cancelCount, 0)
        XCTAssertEqual(replacement.subscription.cancelCount, 1)
        XCTAssertEqual(second.history, ["subscription"])
    }

    func test_cancel_releasesTheHandlerAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in
            subject.setFailureType(to: TestError.self).catch { _ in Just(canary.value) }
        }
    }

    func test_theSubscription_printsAsCatch_andReflectsItsDownstream_acrossBothUpstreams() throws {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.catch { _ in Empty<Int, Never>(completeImmediately: false) }.subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)

        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(String(describing: subscription), "Catch")
        XCTAssertEqual(Mirror(reflecting: subscription).children.map(\.label), ["downstream", "demand"])
        XCTAssertEqual(subscriber.events.filter { if case .subscription = $0 { true } else { false } }.count, 1)
    }

    func test_aCancelWhileTheReplacementSubscribes_changesNothing() {
        let upstream = DrivenPublisher<Int, TestError>()
        let replacement = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(3))
        upstream.catch { _ in replacement }.subscribe(subscriber)
        let subscription = subscriber.subscription

        upstream.send(completion: .failure(.oops))
        subscription?.cancel()
        replacement.sendSubscription()
        replacement.send(completion: .finished)

        XCTAssertEqual(replacement.history, [.subscribed, .requested(.max(3))], "as Combine's: the cancel found no live upstream")
        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_requestsWhileTheReplacementSubscribes_areCountedForIt() {
        let upstream = DrivenPublisher<Int, TestError>()
        let replacement = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.catch { _ in replacement }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(completion: .failure(.oops))
        subscriber.request(.max(4))
        replacement.sendSubscription()

        XCTAssertEqual(replacement.subscription.requests, [.max(4)])
    }

    func test_bothPublishers_seeSubscribersOfTheirOwnTypes_identifiedAsTheSubscription() throws {
        let upstream = DrivenPublisher<Int, TestError>()
        let replacement = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.catch { _ in replacement }.subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        upstream.send(completion: .failure(.oops))
        let first = try XCTUnwrap(upstream.subscriberObject as? any Subscriber)
        let second = try XCTUnwrap(replacement.subscriberObject as? any Subscriber)

        XCTAssertEqual(first.combineIdentifier, subscription.combineIdentifier)
        XCTAssertEqual(second.combineIdentifier, subscription.combineIdentifier)
        XCTAssertTrue(type(of: first) != type(of: second))
        XCTAssertEqual(String(describing: second), "Catch")
    }

    func test_aSecondSubscriptionFromTheUpstream_isCancelled() {
        let upstream = DrivenPublisher<Int, TestError>()
        upstream.catch { _ in Empty<Int, Never>() }.subscribe(TrackingSubscriber<Int, Never>())
        let second = TrackingSubscription()

        upstream.subscriber?.receive(subscription: second)

        XCTAssertEqual(second.history, [.cancelled])
    }
}
