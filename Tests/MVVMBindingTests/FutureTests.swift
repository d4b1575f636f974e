import Foundation
import MVVMBinding
import XCTest

final class FutureTests: XCTestCase {
    func test_future_runsItsClosureOnceAtInit_evenWithoutSubscribers() {
        var runs = 0
        let future = Future<Int, Never> { _ in runs += 1 }

        _ = future.sink { _ in }
        _ = future.sink { _ in }

        XCTAssertEqual(runs, 1)
    }

    func test_futureResolvedLater_deliversTheValueAndFinishes() {
        var fulfill: Future<Int, TestError>.Promise?
        let future = Future<Int, TestError> { fulfill = $0 }
        let subscriber = TrackingSubscriber<Int, TestError>()
        future.subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription"])

        fulfill?(.success(42))

        XCTAssertEqual(subscriber.history, ["subscription", "value(42)", "finished"])
    }

    func test_resolvedFuture_replaysItsResultToEveryLaterSubscriber() {
        let future = Future<Int, Never> { $0(.success(7)) }
        let first = TrackingSubscriber<Int, Never>()
        let second = TrackingSubscriber<Int, Never>()

        future.subscribe(first)
        future.subscribe(second)

        XCTAssertEqual(first.history, ["subscription", "value(7)", "finished"])
        XCTAssertEqual(second.history, ["subscription", "value(7)", "finished"])
    }

    func test_value_waitsForTheSubscribersDemand() {
        let future = Future<Int, Never> { $0(.success(7)) }
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        future.subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription"])

        subscriber.request(.max(1))

        XCTAssertEqual(subscriber.history, ["subscription", "value(7)", "finished"])
    }

    func test_failure_isDeliveredWithoutDemand() {
        let future = Future<Int, TestError> { $0(.failure(.oops)) }
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: nil)

        future.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_onlyTheFirstResolutionCounts() {
        var fulfill: Future<Int, TestError>.Promise?
        let future = Future<Int, TestError> { fulfill = $0 }
        let subscriber = TrackingSubscriber<Int, TestError>()
        future.subscribe(subscriber)

        fulfill?(.success(1))
        fulfill?(.success(2))
        fulfill?(.failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "finished"])
        let late = TrackingSubscriber<Int, TestError>()
        future.subscribe(late)
        XCTAssertEqual(late.values, [1])
    }

    func test_cancelBeforeResolution_deliversNothing_andReleasesTheSubscriber() {
        var fulfill: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { fulfill = $0 }
        weak var weakSubscriber: TrackingSubscriber<Int, Never>?
        do {
            let subscriber = TrackingSubscriber<Int, Never>()
            weakSubscriber = subscriber
            future.subscribe(subscriber)
            subscriber.cancel()
        }

        fulfill?(.success(1))

        XCTAssertNil(weakSubscriber)
    }

    func test_promiseCalledFromAnotherThread_reachesTheSink() async {
        let sut = Future<Int, Never> { promise in
            DispatchQueue.global().async { promise(.success(42)) }
        }
        let expectation = expectation(description: "the future's value arrives")
        let cancellable = sut.sink { value in
            XCTAssertEqual(value, 42)
            expectation.fulfill()
        }

        await fulfillment(of: [expectation], timeout: 2)
        cancellable.cancel()
    }

    func test_subscribingWhileResolvingOnOtherThreads_givesEverySubscriberExactlyOneValue() {
        for _ in 0..<50 {
            var fulfill: (@Sendable (Result<Int, Never>) -> Void)?
            let future = Future<Int, Never> { fulfill = $0 }
            let resolve = fulfill!
            let received = ConcurrentRecorder<Int>()
            let finished = ConcurrentRecorder<Bool>()
            let cancellables = ConcurrentRecorder<AnyCancellable>()

            DispatchQueue.concurrentPerform(iterations: 16) { index in
                if index == 8 { resolve(.success(index)) }
                let cancellable = future.sink(
                    receiveCompletion: { _ in finished.append(true) },
                    receiveValue: { received.append($0) })
                cancellables.append(cancellable)
            }

            XCTAssertEqual(received.elements, Array(repeating: 8, count: 16))
            XCTAssertEqual(finished.elements.count, 16)
        }
    }

    func test_resolvedFuture_isReleasedOnceItsSubscribersAreDone() {
        let sut = Future<Int, Never> { $0(.success(1)) }
        addTeardownBlock { [weak sut] in XCTAssertNil(sut) }

        var received: [Int] = []
        _ = sut.sink { received.append($0) }

        XCTAssertEqual(received, [1])
    }

    func test_theSubscription_mirrorsParentDownstreamDemandAndSubject_andLetsTheFutureGoOnceDelivered() throws {
        var promise: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { promise = $0 }
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)
        future.subscribe(subscriber)
        let subscription = try XCTUnwrap(subscriber.subscription)
        let labels = Mirror(reflecting: subscription).children.map(\.label)
        XCTAssertEqual(labels, ["parent", "downstream", "hasAnyDemand", "subject"])
        func parent() -> Any? { Mirror(reflecting: subscription).children.first?.value as? Future<Int, Never> }

        XCTAssertNotNil(parent())
        subscription.request(.max(1))
        XCTAssertEqual(Mirror(reflecting: subscription).children.dropFirst(2).first?.value as? Bool, true)
        promise?(.success(3))

        XCTAssertEqual(subscriber.history, ["subscription", "value(3)", "finished"])
        XCTAssertNil(parent(), "the future is let go once the result it waited for was delivered")
    }
}
