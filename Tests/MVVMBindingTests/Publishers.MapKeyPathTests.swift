import MVVMBinding
import XCTest

final class MapKeyPathTests: XCTestCase {
    func test_mapKeyPath_publishesTheKeyPathOfEachValue() {
        let subscriber = TrackingSubscriber<Int, Never>()

        let publisher: Publishers.MapKeyPath<Publishers.Sequence<[String], Never>, Int> = ["a", "bcd"].publisher.map(\.count)
        publisher.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(3)", "finished"])
    }

    func test_demandAndCancellation_passStraightThrough() {
        let upstream = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1)) { _ in .max(2) }
        upstream.map(\.count).subscribe(subscriber)

        XCTAssertEqual(upstream.send("ab"), .max(2))
        subscriber.cancel()

        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}
