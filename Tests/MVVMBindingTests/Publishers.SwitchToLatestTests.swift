import MVVMBinding
import XCTest

final class SwitchToLatestTests: XCTestCase {
    func test_switchToLatest_republishesOnlyTheMostRecentInnerPublisher() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        outer.switchToLatest().subscribe(subscriber)

        outer.send(first)
        first.send(1)
        outer.send(second)
        first.send(2)
        second.send(3)

        XCTAssertEqual(subscriber.values, [1, 3])
    }

    func test_aNewInnerPublisher_cancelsThePreviousOne() {
        let outer = PassthroughSubject<DrivenPublisher<Int, Never>, Never>()
        let first = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        outer.switchToLatest().subscribe(subscriber)

        outer.send(first)
        outer.send(DrivenPublisher<Int, Never>())

        XCTAssertEqual(first.subscription.cancelCount, 1)
    }

    func test_aSupersededInnerPublisher_neverDeliversAgain_evenIfItIgnoresTheCancel() {
        let outer = PassthroughSubject<DrivenPublisher<Int, TestError>, TestError>()
        let first = DrivenPublisher<Int, TestError>()
        let second = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        outer.switchToLatest().subscribe(subscriber)

        outer.send(first)
        outer.send(second)
        first.send(1)
        first.send(completion: .failure(.oops))
        second.send(2)

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)"])
    }

    func test_switchToLatest_finishesOnceTheUpstreamAndTheCurrentInnerFinished() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let inner = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        outer.switchToLatest().subscribe(subscriber)

        outer.send(inner)
        outer.send(completion: .finished)
        inner.send(1)
        XCTAssertNil(subscriber.completion)
        inner.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
    }

    func test_switchToLatest_finishesWithTheUpstreamWhenNoInnerIsActive() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [Just(1), Just(2)].publisher.switchToLatest().subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func test_anInnerFailure_failsTheStreamAndCancelsTheUpstream() {
        let outer = DrivenPublisher<PassthroughSubject<Int, TestError>, TestError>()
        let inner = PassthroughSubject<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        outer.switchToLatest().subscribe(subscriber)

        outer.send(inner)
        inner.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(outer.subscription.cancelCount, 1)
    }

    func test_anUpstreamFailure_failsTheStreamAndCancelsTheInner() {
        let outer = PassthroughSubject<DrivenPublisher<Int, TestError>, TestError>()
        let inner = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        outer.switchToLatest().subscribe(subscriber)

        outer.send(inner)
        outer.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(inner.subscription.cancelCount, 1)
    }

    func test_theOutstandingDemand_isRequestedFromEachNewInner() {
        let outer = DrivenPublisher<DrivenPublisher<Int, Never>, Never>()
        let first = DrivenPublisher<Int, Never>()
        let second = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(3))
        outer.switchToLatest().subscribe(subscriber)

        XCTAssertEqual(outer.subscription.requests, [.unlimited])
        outer.send(first)
        first.send(1)
        outer.send(second)
        subscriber.request(.max(1))

        XCTAssertEqual(first.subscription.requests, [.max(3)])
        XCTAssertEqual(second.subscription.requests, [.max(2), .max(1)])
    }

    func test_overloads_adaptTheFailureTypeOfWhicheverLevelCannotFail() {
        let neverOuter = PassthroughSubject<Fail<Int, TestError>, Never>()
        let neverInner = PassthroughSubject<Just<Int>, TestError>()

        let _:
            Publishers.SwitchToLatest<Fail<Int, TestError>, Publishers.SetFailureType<PassthroughSubject<Fail<Int, TestError>, Never>, TestError>> =
                neverOuter.switchToLatest()
        let adapted = neverInner.switchToLatest()
        let _: Publishers.SwitchToLatest<Just<Int>, PassthroughSubject<Just<Int>, Never>> =
            PassthroughSubject<Just<Int>, Never>().switchToLatest()

        let subscriber = TrackingSubscriber<Int, TestError>()
        adapted.subscribe(subscriber)
        neverInner.send(Just(7))
        XCTAssertEqual(subscriber.values, [7])
    }

    func test_cancel_cancelsTheUpstreamAndTheInnerAndReleasesTheSubscriber() {
        let outer = DrivenPublisher<DrivenPublisher<Int, Never>, Never>()
        let inner = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        outer.switchToLatest().subscribe(subscriber)
        outer.send(inner)

        subscriber.cancel()

        XCTAssertEqual(outer.subscription.cancelCount, 1)
        XCTAssertEqual(inner.subscription.cancelCount, 1)
        assertCancelReleasesPipeline { subject, canary in subject.map { Just($0 + canary.value) }.switchToLatest() }
    }

    func test_seedIdiom_searchShowsOnlyTheLatestQuerysResults() async {
        let query = PassthroughSubject<String, Never>()
        let responses = [PassthroughSubject<String, Never>(), PassthroughSubject<String, Never>()]
        let expectation = expectation(description: "only the latest results arrive")
        let cancellable =
            query
            .map { $0 == "a" ? responses[0] : responses[1] }
            .switchToLatest()
            .sink { results in
                XCTAssertEqual(results, "results for ab")
                expectation.fulfill()
            }

        query.send("a")
        query.send("ab")
        DispatchQueue.global().async {
            responses[0].send("results for a")
            responses[1].send("results for ab")
        }

        await fulfillment(of: [expectation], timeout: 2)
        cancellable.cancel()
    }
}

// MARK: - Combine's rules (issue 24)

extension SwitchToLatestTests {
    func test_cancel_cancelsTheCurrentInnerPublisherThenTheOuterUpstream() {
        let order = ConcurrentRecorder<String>()
        let outer = DrivenPublisher<DrivenPublisher<Int, Never>, Never>(onCancel: { order.append("outer") })
        let inner = DrivenPublisher<Int, Never>(onCancel: { order.append("inner") })
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(42))
        outer.switchToLatest().subscribe(subscriber)

        outer.send(inner)
        subscriber.cancel()

        XCTAssertEqual(order.elements, ["inner", "outer"])
        XCTAssertEqual(outer.history, [.subscribed, .requested(.unlimited), .cancelled])
        XCTAssertEqual(inner.history, [.subscribed, .requested(.max(42)), .cancelled])
    }

    func test_theDownstreamIsSubscribedFirst_thenTheUpstream_askedForEverything() {
        let upstream = DrivenPublisher<DrivenPublisher<Int, Never>, Never>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(3))

        upstream.switchToLatest().subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription"])
        upstream.sendSubscription()

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.unlimited)])
    }

    func test_innerValues_countTheDemandDown_andTheDemandAddedIsReturnedToo() {
        let upstream = DrivenPublisher<DrivenPublisher<Int, Never>, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2), demandAfterValue: { $0 == 1 ? .max(5) : .none })
        upstream.switchToLatest().subscribe(subscriber)
        let first = DrivenPublisher<Int, Never>()
        upstream.send(first)

        XCTAssertEqual(first.send(1), .max(5))
        first.send(2)
        let second = DrivenPublisher<Int, Never>()
        upstream.send(second)

        XCTAssertEqual(second.subscription.requests, [.max(5)], "2 asked + 5 added - 2 received")
    }

    func test_anUpstreamThatFinishesWhileAnInnerSubscribes_waitsForThatInner() {
        let upstream = DrivenPublisher<DrivenPublisher<Int, Never>, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.switchToLatest().subscribe(subscriber)
        let inner = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        upstream.send(inner)

        upstream.send(completion: .finished)
        XCTAssertEqual(subscriber.history, ["subscription"])
        inner.sendSubscription()
        inner.send(completion: .finished)

        XCTAssertEqual(inner.subscription.requests, [.unlimited])
        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_innerEventsAfterTheUpstreamFailed_areIgnored() {
        let upstream = DrivenPublisher<DrivenPublisher<Int, TestError>, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.switchToLatest().subscribe(subscriber)
        let inner = DrivenPublisher<Int, TestError>()
        upstream.send(inner)

        upstream.send(completion: .failure(.oops))
        inner.send(completion: .failure(.other("late")))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_anInnerSubscriber_printsAsSwitchToLatest_andMirrorsItsParentsIdentifier() throws {
        let upstream = DrivenPublisher<DrivenPublisher<Int, Never>, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.switchToLatest().subscribe(subscriber)
        let inner = DrivenPublisher<Int, Never>()
        upstream.send(inner)
        let subscription = try XCTUnwrap(subscriber.subscription)
        let innerSubscriber = try XCTUnwrap(inner.subscriberObject)

        XCTAssertEqual(String(describing: innerSubscriber), "SwitchToLatest")
        let parent = Mirror(reflecting: innerSubscriber).children.first
        XCTAssertEqual(parent?.label, "parentSubscription")
        XCTAssertEqual(parent?.value as? CombineIdentifier, subscription.combineIdentifier)
        XCTAssertEqual(Mirror(reflecting: subscription).children.count, 0)
    }
}
