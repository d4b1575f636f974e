import MVVMBinding
import XCTest

/// The protocol every reducing operator shares (`ReducingSubscription`), as Combine's: the
/// downstream gets the operator's subscription, then the upstream is asked for `.unlimited`
/// whatever the downstream asks for; the result waits for the downstream's first request;
/// cancelling reaches the upstream at most once, and not after the reduction ended.
final class ReducingSubscriptionTests: XCTestCase {
    private typealias Driven = DrivenPublisher<Int, Never>
    private typealias Reducer = (Driven) -> AnyPublisher<String, Never>

    private static var reducers: [(String, Reducer)] {
        [
            ("first", { $0.first().map(String.init).eraseToAnyPublisher() }),
            ("first(where:)", { $0.first { $0 > 1 }.map(String.init).eraseToAnyPublisher() }),
            ("last", { $0.last().map(String.init).eraseToAnyPublisher() }),
            ("last(where:)", { $0.last { $0 > 1 }.map(String.init).eraseToAnyPublisher() }),
            ("contains", { $0.contains(7).map(String.init).eraseToAnyPublisher() }),
            ("contains(where:)", { $0.contains { $0 > 7 }.map(String.init).eraseToAnyPublisher() }),
            ("allSatisfy", { $0.allSatisfy { $0 > 0 }.map(String.init).eraseToAnyPublisher() }),
            ("min", { $0.min().map(String.init).eraseToAnyPublisher() }),
            ("max", { $0.max().map(String.init).eraseToAnyPublisher() }),
            ("reduce", { $0.reduce(0, +).map(String.init).eraseToAnyPublisher() }),
            ("count", { $0.count().map(String.init).eraseToAnyPublisher() }),
            ("collect", { $0.collect().map { "\($0)" }.eraseToAnyPublisher() }),
            ("tryReduce", { $0.tryReduce(0, +).map(String.init).replaceError(with: "e").eraseToAnyPublisher() }),
            ("tryMin", { $0.tryMin(by: <).map(String.init).replaceError(with: "e").eraseToAnyPublisher() }),
        ]
    }

    func testTheDownstreamIsSubscribedFirst_thenUpstreamIsAskedForEverything() {
        for (name, reducer) in Self.reducers {
            let upstream = Driven()
            var requestsAtSubscription: [Subscribers.Demand]?
            reducer(upstream).subscribe(
                AnySubscriber(receiveSubscription: { _ in requestsAtSubscription = upstream.subscription.requests }))
            XCTAssertEqual(requestsAtSubscription, [], name)
            XCTAssertEqual(upstream.subscription.requests, [.unlimited], name)
        }
    }

    func testADownstreamCancellingAtOnce_seesTheRequestAfterItsCancel() {
        for (name, reducer) in Self.reducers {
            let upstream = Driven()
            reducer(upstream).subscribe(AnySubscriber(receiveSubscription: { $0.cancel() }))
            XCTAssertEqual(upstream.history, [.subscribed, .cancelled, .requested(.unlimited)], name)
        }
    }

    func testACancelBeforeTheUpstreamSubscribed_changesNothing() {
        XCTAssertEqual(historyOfSubscriptionArrivingAfterCancel { $0.count() }, [.subscribed, .requested(.unlimited)])
        XCTAssertEqual(historyOfSubscriptionArrivingAfterCancel { $0.first() }, [.subscribed, .requested(.unlimited)])
    }

    func testASecondSubscription_isCancelled() {
        let upstream = Driven()
        upstream.count().subscribe(TrackingSubscriber<Int, Never>())
        let second = TrackingSubscription()

        upstream.subscriber?.receive(subscription: second)

        XCTAssertEqual(second.history, [.cancelled])
    }

    func testCancellingTwiceOrAfterCompletionReachesUpstreamAtMostOnce() {
        let upstream = Driven()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.count().subscribe(subscriber)
        let subscription = subscriber.subscription
        subscription?.cancel()
        subscription?.cancel()
        XCTAssertEqual(upstream.subscription.cancelCount, 1)

        let finishing = Driven()
        let other = TrackingSubscriber<Int, Never>()
        finishing.count().subscribe(other)
        finishing.send(completion: .finished)
        other.subscription?.cancel()
        XCTAssertEqual(other.history, ["subscription", "value(0)", "finished"])
        XCTAssertEqual(finishing.subscription.cancelCount, 0)
    }

    func testTheResult_andAnEmptyStreamsFinish_waitForTheFirstRequest_butAFailureDoesNot() {
        let empty = TrackingSubscriber<Int, Never>(initialDemand: nil)
        [Int]().unspecialisedPublisher.first().subscribe(empty)
        XCTAssertEqual(empty.history, ["subscription"])
        empty.request(.max(1))
        XCTAssertEqual(empty.history, ["subscription", "finished"])

        let counted = TrackingSubscriber<Int, Never>(initialDemand: nil)
        [1, 2, 3].publisher.count().subscribe(counted)
        XCTAssertEqual(counted.history, ["subscription"])
        counted.request(.max(1))
        counted.request(.max(1))
        XCTAssertEqual(counted.history, ["subscription", "value(3)", "finished"])

        let failing = TrackingSubscriber<Int, TestError>(initialDemand: nil)
        [1, 2].publisher.tryReduce(0) { _, _ in throw TestError.oops }.mapError { $0 as? TestError ?? .other("?") }
            .subscribe(failing)
        XCTAssertEqual(failing.history, ["subscription", "failure(oops)"])
    }

    func testAFoldThatEndsEarly_cancelsTheUpstream_andItsResultWaitsForDemand() {
        let upstream = Driven()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.first().subscribe(subscriber)

        XCTAssertEqual(upstream.send(5), .none)
        XCTAssertEqual(upstream.history, [.subscribed, .requested(.unlimited), .cancelled])
        XCTAssertEqual(subscriber.history, ["subscription"])
        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(5)", "finished"])
    }

    func testEventsAfterTheEnd_areIgnored() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.count().subscribe(subscriber)

        upstream.send(completion: .finished)
        upstream.send(1)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "value(0)", "finished"])
    }

    func testTheSubscription_isNamedForItsOperator_andMirrorsItsState() throws {
        let names: [(String, (Driven) -> Void)] = [
            ("First", { $0.first().subscribe(TrackingSubscriber<Int, Never>()) }),
            ("TryFirst", { $0.first { _ in true }.subscribe(TrackingSubscriber<Int, Never>()) }),
            ("TryFirstWhere", { $0.tryFirst { _ in true }.subscribe(TrackingSubscriber<Int, Error>()) }),
            ("Last", { $0.last().subscribe(TrackingSubscriber<Int, Never>()) }),
            ("Count", { $0.count().subscribe(TrackingSubscriber<Int, Never>()) }),
            ("Reduce", { $0.reduce(0, +).subscribe(TrackingSubscriber<Int, Never>()) }),
            ("Comparison", { $0.min().subscribe(TrackingSubscriber<Int, Never>()) }),
            ("AllSatisfy", { $0.allSatisfy { _ in true }.subscribe(TrackingSubscriber<Bool, Never>()) }),
            ("Contains", { $0.contains(1).subscribe(TrackingSubscriber<Bool, Never>()) }),
        ]
        for (name, subscribe) in names {
            let upstream = Driven()
            subscribe(upstream)
            XCTAssertEqual((upstream.subscriberObject as? CustomStringConvertible)?.description, name)
        }

        let upstream = Driven()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        upstream.reduce(10, +).subscribe(subscriber)
        upstream.send(5)
        let labels = Mirror(reflecting: try XCTUnwrap(subscriber.subscription)).children.map { "\($0.label ?? "")" }
        XCTAssertEqual(labels, ["downstream", "result", "initial", "status"])
        let parts = Mirror(reflecting: try XCTUnwrap(subscriber.subscription)).children.dropFirst().map { "\($0.value)" }
        XCTAssertEqual(parts, ["Optional(15)", "Optional(10)", "subscribed"])
    }
}
