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
}
