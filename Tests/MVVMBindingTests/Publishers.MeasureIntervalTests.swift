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

    func test_demandAndCompletion_passStraightThrough() {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<DispatchQueue.SchedulerTimeType.Stride, TestError>(initialDemand: .max(1)) { _ in .max(3) }
        upstream.measureInterval(using: scheduler).subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(3))
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
        XCTAssertEqual(subscriber.completion, .failure(.oops))
    }
}
