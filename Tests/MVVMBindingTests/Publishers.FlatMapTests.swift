import Dispatch
import MVVMBinding
import XCTest

final class FlatMapTests: XCTestCase {
    func test_flatMap_mergesTheValuesOfEveryInnerPublisher() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2, 3].publisher.flatMap { [$0 * 10, $0 * 10 + 1].publisher }.subscribe(subscriber)

        XCTAssertEqual(
            subscriber.history,
            [
                "subscription", "value(10)", "value(11)", "value(20)", "value(21)", "value(30)", "value(31)", "finished",
            ])
    }

    func test_flatMap_interleavesInnerPublishersAsTheirValuesArrive() {
        let upstream = PassthroughSubject<Int, Never>()
        let inners = [PassthroughSubject<String, Never>(), PassthroughSubject<String, Never>()]
        let subscriber = TrackingSubscriber<String, Never>()
        upstream.flatMap { inners[$0] }.subscribe(subscriber)

        upstream.send(0)
        upstream.send(1)
        inners[1].send("b1")
        inners[0].send("a1")
        inners[1].send("b2")

        XCTAssertEqual(subscriber.values, ["b1", "a1", "b2"])
    }

    func test_flatMap_finishesOnlyOnceTheUpstreamAndEveryInnerFinished() {
        let upstream = PassthroughSubject<Int, Never>()
        let inner = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.flatMap { _ in inner }.subscribe(subscriber)

        upstream.send(0)
        upstream.send(completion: .finished)
        inner.send(1)
        XCTAssertNil(subscriber.completion)
        inner.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
    }

    func test_maxPublishers_limitsTheUpstreamValuesRequested() {
        let upstream = DrivenPublisher<Int, Never>()
        let inners = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.flatMap(maxPublishers: .max(1)) { inners[$0] }.subscribe(subscriber)

        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
        upstream.send(0)
        XCTAssertEqual(upstream.subscription.requests, [.max(1)], "no slot free while the inner is active")
        inners[0].send(completion: .finished)

        XCTAssertEqual(upstream.subscription.requests, [.max(1), .max(1)])
    }

    func test_anInnerFailure_failsTheStreamAndCancelsTheOtherInners_leavingTheUpstreamAlone() {
        let upstream = DrivenPublisher<Int, TestError>()
        let inners = [DrivenPublisher<Int, TestError>(), DrivenPublisher<Int, TestError>()]
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.flatMap { inners[$0] }.subscribe(subscriber)

        upstream.send(0)
        upstream.send(1)
        inners[1].send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 0, "as Combine's")
        XCTAssertEqual(inners[0].subscription.cancelCount, 1)
        XCTAssertEqual(inners[1].subscription.cancelCount, 0)
    }

    func test_anUpstreamFailure_failsTheStreamAndCancelsTheInners() {
        let upstream = DrivenPublisher<Int, TestError>()
        let inner = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.flatMap { _ in inner }.subscribe(subscriber)

        upstream.send(0)
        upstream.send(completion: .failure(.oops))
        inner.send(completion: .failure(.other("late")))

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
        XCTAssertEqual(inner.subscription.cancelCount, 1)
    }

    func test_finiteDemand_isHonouredAcrossInnerPublishers() {
        let upstream = PassthroughSubject<Int, Never>()
        let inners = [DrivenPublisher<Int, Never>(), DrivenPublisher<Int, Never>()]
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        upstream.flatMap { inners[$0] }.subscribe(subscriber)

        upstream.send(0)
        upstream.send(1)
        inners[0].send(1)
        inners[1].send(2)
        XCTAssertEqual(subscriber.values, [1])
        XCTAssertEqual(inners.map(\.subscription.requests), [[.max(1)], [.max(1)]])

        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.values, [1, 2])
    }

    func test_overloads_adaptTheFailureTypeOfWhicheverSideCannotFail() {
        let neverOuter = PassthroughSubject<Int, Never>()
        let failingOuter = PassthroughSubject<Int, TestError>()

        let _: Publishers.FlatMap<Fail<Int, TestError>, Publishers.SetFailureType<PassthroughSubject<Int, Never>, TestError>> =
            neverOuter.flatMap { _ in Fail<Int, TestError>(error: .oops) }
        let _: Publishers.FlatMap<Publishers.SetFailureType<Just<Int>, TestError>, PassthroughSubject<Int, TestError>> =
            failingOuter.flatMap { Just($0) }
        let _: Publishers.FlatMap<Just<Int>, PassthroughSubject<Int, Never>> = neverOuter.flatMap { Just($0) }
        let _: Publishers.FlatMap<Fail<Int, TestError>, PassthroughSubject<Int, TestError>> =
            failingOuter.flatMap { _ in Fail<Int, TestError>(error: .oops) }

        let subscriber = TrackingSubscriber<Int, TestError>()
        failingOuter.flatMap { Just($0 * 2) }.subscribe(subscriber)
        failingOuter.send(21)
        XCTAssertEqual(subscriber.values, [42])
    }

    func test_cancel_releasesTheTransformAndTheSubscriber() {
        assertCancelReleasesPipeline { subject, canary in subject.flatMap { Just($0 + canary.value) } }
    }

    func test_concurrentInnerPublishers_reachTheDownstreamOneAtATime() {
        let inners = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
        let subscriber = SerialCheckingSubscriber<Int, Never>()
        inners.publisher.flatMap { $0 }.subscribe(subscriber)

        DispatchQueue.concurrentPerform(iterations: 2) { index in
            for n in 0..<3_000 { inners[index].send(n) }
        }
        inners.forEach { $0.send(completion: .finished) }

        XCTAssertEqual(subscriber.values.count, 6_000)
        XCTAssertEqual(subscriber.overlaps, 0)
        XCTAssertNotNil(subscriber.completion)
    }

    // MARK: - Edge cases of direct delivery and reused source slots

    func test_demandArrivingWhileValuesAreQueued_deliversThemInArrivalOrderBeforeNewerOnes() {
        let inners = [DrivenPublisher<String, Never>(), DrivenPublisher<String, Never>()]
        let subscriber = TrackingSubscriber<String, Never>(initialDemand: .max(1))
        Publishers.Sequence<[Int], Never>(sequence: [0, 1]).flatMap { inners[$0] }.subscribe(subscriber)

        // The driven inners ignore demand, so values pile up beyond what was requested.
        inners[0].send("a1")
        inners[1].send("b1")
        inners[0].send("a2")
        XCTAssertEqual(subscriber.values, ["a1"])
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.values, ["a1", "b1"])
        inners[1].send("b2")
        subscriber.request(.max(2))

        XCTAssertEqual(subscriber.values, ["a1", "b1", "a2", "b2"])
    }

    func test_anInnerFinishingWhileItsValueIsDelivered_endsTheStreamAfterThatValue() {
        let inner = PassthroughSubject<Int, Never>()
        var events: [String] = []
        let cancellable = Just(0).flatMap { _ in inner }.sink(
            receiveCompletion: { _ in events.append("finished") },
            receiveValue: { value in
                events.append("value(\(value))")
                inner.send(completion: .finished)
            })

        inner.send(1)

        XCTAssertEqual(events, ["value(1)", "finished"])
        cancellable.cancel()
    }

    func test_theDownstreamIsSubscribedFirst_thenTheUpstream_askedForMaxPublishersEvenZero() {
        let upstream = DrivenPublisher<Int, Never>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.flatMap(maxPublishers: .none) { Just($0) }.subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription"])

        upstream.sendSubscription()

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.max(0))])
    }

    func test_eachInner_isAskedForOneValue_andOneMoreForEachValueDelivered() {
        let upstream = DrivenPublisher<Int, Never>()
        let inner = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(2))
        upstream.flatMap { _ in inner }.subscribe(subscriber)
        upstream.send(0)
        XCTAssertEqual(inner.subscription.requests, [.max(1)])

        XCTAssertEqual(inner.send(1), .max(1))
        XCTAssertEqual(inner.send(2), .max(1))
        XCTAssertEqual(inner.send(3), .none, "no demand left: buffered")
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertEqual(inner.subscription.requests, [.max(1), .max(1)], "the buffered value, delivered on request, asks for one more")
    }

    func test_unlimitedDemand_deliversTheBufferThenAsksEveryInnerForEverything() {
        let upstream = DrivenPublisher<Int, Never>()
        let inners = [DrivenPublisher<Int, Never>(), DrivenPublisher<Int, Never>()]
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.flatMap { inners[$0] }.subscribe(subscriber)
        upstream.send(0)
        upstream.send(1)
        inners[1].send(10)
        inners[0].send(20)

        subscriber.request(.unlimited)

        XCTAssertEqual(subscriber.values, [10, 20])
        XCTAssertEqual(inners[0].subscription.requests, [.max(1), .unlimited])
        XCTAssertEqual(inners[1].subscription.requests, [.max(1), .unlimited])
    }

    func test_anInnerSubscriber_printsAsFlatMap_andMirrorsItsParentsIdentifier() throws {
        let upstream = DrivenPublisher<Int, Never>()
        let inner = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.flatMap { _ in inner }.subscribe(subscriber)
        upstream.send(0)
        let subscription = try XCTUnwrap(subscriber.subscription)
        let innerSubscriber = try XCTUnwrap(inner.subscriberObject)

        XCTAssertEqual(String(describing: innerSubscriber), "FlatMap")
        XCTAssertEqual(Mirror(reflecting: innerSubscriber).children.first?.value as? CombineIdentifier, subscription.combineIdentifier)
        XCTAssertEqual(Mirror(reflecting: subscription).children.count, 0)
    }
}
