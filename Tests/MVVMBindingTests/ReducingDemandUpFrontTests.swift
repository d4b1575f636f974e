import MVVMBinding
import XCTest

/// Combine's reducing operators ask their upstream for `.unlimited` as soon as they get its
/// subscription, before the downstream gets its own and whatever it asks for; cancelling
/// reaches the upstream at most once, and not after the reduction ended.
final class ReducingDemandUpFrontTests: XCTestCase {
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
            ("ignoreOutput", { $0.ignoreOutput().collect().map { "\($0.count)" }.eraseToAnyPublisher() }),
            ("tryReduce", { $0.tryReduce(0, +).map(String.init).replaceError(with: "e").eraseToAnyPublisher() }),
            ("tryMin", { $0.tryMin(by: <).map(String.init).replaceError(with: "e").eraseToAnyPublisher() }),
        ]
    }

    func testUpstreamIsAskedForEverythingBeforeTheDownstreamIsSubscribed() {
        for (name, reducer) in Self.reducers {
            let upstream = Driven()
            var requestsAtSubscription: [Subscribers.Demand] = []
            reducer(upstream).subscribe(
                AnySubscriber(receiveSubscription: { _ in requestsAtSubscription = upstream.subscription.requests }))
            XCTAssertEqual(requestsAtSubscription, [.unlimited], name)
            XCTAssertEqual(upstream.subscription.requests, [.unlimited], name)
        }
    }

    func testADownstreamCancellingAtOnceStillLeavesTheRequestBeforeTheCancel() {
        for (name, reducer) in Self.reducers {
            let upstream = Driven()
            reducer(upstream).subscribe(AnySubscriber(receiveSubscription: { $0.cancel() }))
            XCTAssertEqual(upstream.history, [.subscribed, .requested(.unlimited), .cancelled], name)
        }
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

    func testASynchronousUpstreamEndsOnlyAfterTheDownstreamIsSubscribed() {
        let empty = TrackingSubscriber<Int, Never>(initialDemand: nil)
        [Int]().publisher.first().subscribe(empty)
        XCTAssertEqual(empty.history, ["subscription", "finished"])

        let counted = TrackingSubscriber<Int, Never>(initialDemand: nil)
        [1, 2, 3].publisher.count().subscribe(counted)
        XCTAssertEqual(counted.history, ["subscription"])
        counted.request(.max(1))
        XCTAssertEqual(counted.history, ["subscription", "value(3)", "finished"])

        let failing = TrackingSubscriber<Int, Error>(initialDemand: nil)
        [1, 2].publisher.tryReduce(0) { _, _ in throw CancellationError() }.subscribe(failing)
        XCTAssertEqual(failing.history.count, 2)
        XCTAssertEqual(failing.history.first, "subscription")
        XCTAssertNotNil(failing.completion)
    }
}
