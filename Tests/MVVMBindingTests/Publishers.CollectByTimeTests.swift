import MVVMBinding
import XCTest

final class CollectByTimeTests: XCTestCase {
    func test_byTime_emitsTheValuesOfEachInterval_andSkipsEmptyIntervals() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<[Int], Never>()
        subject.collect(.byTime(scheduler, .seconds(1))).subscribe(subscriber)

        subject.send(1)
        subject.send(2)
        scheduler.advance(by: .seconds(1))
        scheduler.advance(by: .seconds(1))
        subject.send(3)
        scheduler.advance(by: .seconds(1))

        XCTAssertEqual(subscriber.values, [[1, 2], [3]])
    }

    func test_byTimeOrCount_alsoEmitsAFullGroup_onTheScheduler() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<[Int], Never>()
        subject.collect(.byTimeOrCount(scheduler, .seconds(10), 2)).subscribe(subscriber)

        subject.send(1)
        subject.send(2)
        XCTAssertEqual(subscriber.values, [], "not before the scheduler runs")
        scheduler.advance()
        subject.send(3)
        scheduler.advance(by: .seconds(10))

        XCTAssertEqual(subscriber.values, [[1, 2], [3]])
    }

    func test_finishing_emitsThePartialGroup_thenFinished() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TrackingSubscriber<[Int], Never>()
        subject.collect(.byTime(scheduler, .seconds(1))).subscribe(subscriber)

        subject.send(1)
        subject.send(completion: .finished)
        scheduler.advance()

        XCTAssertEqual(subscriber.history, ["subscription", "value([1])", "finished"])
    }

    func test_aFailure_discardsThePartialGroup() {
        let scheduler = TestScheduler()
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TrackingSubscriber<[Int], TestError>()
        subject.collect(.byTime(scheduler, .seconds(1))).subscribe(subscriber)

        subject.send(1)
        subject.send(completion: .failure(.oops))
        scheduler.advance()

        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"])
    }

    func test_groups_waitForDemand_inOrder_andTheUpstreamIsAskedForEverything() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<[Int], Never>(initialDemand: nil)
        upstream.collect(.byTime(scheduler, .seconds(1))).subscribe(subscriber)

        upstream.send(1)
        scheduler.advance(by: .seconds(1))
        upstream.send(2)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(subscriber.values, [])
        subscriber.request(.max(1))
        scheduler.advance()
        XCTAssertEqual(subscriber.values, [[1]])
        subscriber.request(.max(1))
        scheduler.advance()

        XCTAssertEqual(subscriber.values, [[1], [2]])
        XCTAssertEqual(upstream.subscription.requests, [.unlimited])
    }

    func test_cancel_stopsTheTimer_andCancelsTheUpstream() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<[Int], Never>()
        upstream.collect(.byTime(scheduler, .seconds(1))).subscribe(subscriber)

        upstream.send(1)
        subscriber.cancel()
        scheduler.advance(by: .seconds(3))

        XCTAssertEqual(subscriber.history, ["subscription"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}
