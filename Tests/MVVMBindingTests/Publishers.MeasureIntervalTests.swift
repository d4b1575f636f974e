import MVVMBinding
import XCTest

final class MeasureIntervalTests: XCTestCase {
    func test_measureInterval_publishesTheTimeSinceThePreviousEvent() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<String, Never>()
        let subscriber = TrackingSubscriber<DispatchQueue.SchedulerTimeType.Stride, Never>()
        subject.measureInterval(using: scheduler).subscribe(subscriber)

        scheduler.advance(by: .milliseconds(250))
        subject.send("a")
        scheduler.advance(by: .seconds(1))
        subject.send("b")
        subject.send("c")

        XCTAssertEqual(subscriber.values, [.milliseconds(250), .seconds(1), .zero])
    }

    func test_demandAndCompletion_passThrough_theDemandFromReceiveAsARequest() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<DispatchQueue.SchedulerTimeType.Stride, TestError>(initialDemand: .max(1)) { _ in .max(3) }
        upstream.measureInterval(using: scheduler).subscribe(subscriber)

        // Combine's measureInterval returns `.none` and requests the downstream's demand.
        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(upstream.subscription.requests, [.max(1), .max(3)])
        XCTAssertEqual(subscriber.completion, .failure(.oops))
    }
}

// MARK: - Combine's demand and lifecycle (issue "Combine to the letter")

extension MeasureIntervalTests {
    typealias Stride = DispatchQueue.SchedulerTimeType.Stride

    func test_everyDownstreamRequest_isForwardedToTheUpstream() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Stride, Never>(initialDemand: .max(2))
        upstream.measureInterval(using: scheduler).subscribe(subscriber)

        subscriber.request(.max(5))
        subscriber.request(.unlimited)

        XCTAssertEqual(upstream.subscription.requests, [.max(2), .max(5), .unlimited])
    }

    func test_theDownstreamsSubscription_isTheOperator_notTheUpstreams() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Stride, Never>()
        upstream.measureInterval(using: TestScheduler()).subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "MeasureInterval")
    }

    func test_noDemandReturned_requestsNothingMore() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Stride, Never>(initialDemand: .max(1))
        upstream.measureInterval(using: TestScheduler()).subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .none)

        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
    }

    func test_cancel_cancelsTheUpstreamOnce_andNothingIsForwardedAfterIt() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Stride, Never>()
        upstream.measureInterval(using: scheduler).subscribe(subscriber)
        let subscription = subscriber.subscription

        subscription?.cancel()
        subscription?.cancel()
        subscription?.request(.max(1))
        XCTAssertEqual(upstream.send(1), .none)
        upstream.send(completion: .finished)

        XCTAssertEqual(upstream.history, [.subscribed, .requested(.unlimited), .cancelled])
        XCTAssertEqual(subscriber.history, ["subscription"])
    }

    func test_nothingIsForwardedAfterTheCompletion() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Stride, Never>()
        upstream.measureInterval(using: TestScheduler()).subscribe(subscriber)

        upstream.send(completion: .finished)
        upstream.send(1)
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }

    func test_measureInterval_schedulesNothing_evenWithOptions() {
        let scheduler = TrackingScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<Stride, Never>()
        subject.measureInterval(using: scheduler, options: .init(tag: "M")).subscribe(subscriber)

        scheduler.advance(by: .milliseconds(3))
        subject.send(1)
        subject.send(completion: .finished)

        XCTAssertEqual(scheduler.calls, [])
        XCTAssertEqual(subscriber.history, ["subscription", "value(\(Stride.milliseconds(3)))", "finished"])
    }

    func test_theClock_isReadOnceOnSubscription_andOncePerValue_andNotAfterACancel() {
        let scheduler = ClockReadingScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Stride, Never>()
        upstream.measureInterval(using: scheduler).subscribe(subscriber)
        XCTAssertEqual(scheduler.clockReads, 1)

        upstream.send(1)
        upstream.send(2)
        XCTAssertEqual(scheduler.clockReads, 3)
        subscriber.cancel()
        upstream.send(3)
        upstream.send(completion: .finished)

        XCTAssertEqual(scheduler.clockReads, 3)
    }

    func test_aRequestOfNone_isForwardedAsItIs() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Stride, Never>(initialDemand: nil)
        upstream.measureInterval(using: TestScheduler()).subscribe(subscriber)

        subscriber.request(.none)

        XCTAssertEqual(upstream.subscription.requests, [.none])
    }

    func test_aRequestMadeByTheUpstreamReentrantly_isServed() {
        let subscriber = TrackingSubscriber<Stride, Never>(initialDemand: .max(1)) { _ in .max(1) }
        let upstream = ReentrantUpstream(limit: 5)
        upstream.measureInterval(using: TestScheduler()).subscribe(subscriber)

        XCTAssertEqual(subscriber.values, Array(repeating: .zero, count: 5))
    }

    func test_aCancelBeforeTheUpstreamSubscribed_changesNothing_butASubscriptionAfterTheEndIsCancelled() {
        XCTAssertEqual(
            historyOfSubscriptionArrivingAfterCancel { $0.measureInterval(using: TestScheduler()) }, [.subscribed, .requested(.unlimited)])

        let upstream = DrivenPublisher<Int, Never>()
        upstream.measureInterval(using: TestScheduler()).subscribe(TrackingSubscriber<TestScheduler.SchedulerTimeType.Stride, Never>())
        upstream.send(completion: .finished)
        let late = TrackingSubscription()
        upstream.subscriber?.receive(subscription: late)
        XCTAssertEqual(late.history, [.cancelled])
    }
}

/// An upstream that sends a value from inside every request, up to `limit` values: the demand
/// for each value comes back as a request while the previous `receive(_:)` is still running.
private final class ReentrantUpstream: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    let limit: Int

    init(limit: Int) { self.limit = limit }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        let subscription = Link(subscriber: AnySubscriber(subscriber), limit: limit)
        subscriber.receive(subscription: subscription)
    }

    private final class Link: Subscription, @unchecked Sendable {
        let subscriber: AnySubscriber<Int, Never>
        var remaining: Int

        init(subscriber: AnySubscriber<Int, Never>, limit: Int) {
            self.subscriber = subscriber
            remaining = limit
        }

        func request(_ demand: Subscribers.Demand) {
            guard demand > 0, remaining > 0 else { return }
            remaining -= 1
            _ = subscriber.receive(remaining)
        }

        func cancel() { remaining = 0 }
    }
}
