import MVVMBinding
import XCTest

final class TryScanTests: XCTestCase {
    func test_tryScan_emitsTheRunningResult() {
        let subscriber = TrackingSubscriber<Int, Error>()

        [1, 2, 3].publisher.tryScan(0, +).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(3)", "value(6)", "finished"])
    }

    func test_aThrownError_cancelsTheUpstream_andFailsTheStream_laterValuesStillFold_asCombines() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryScan(0) { total, value in
            if value < 0 { throw TestError.oops }
            return total + value
        }
        .subscribe(subscriber)

        upstream.send(2)
        upstream.send(-1)
        upstream.send(3)

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)", "failure(oops)", "value(5)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_eachSubscription_startsFromTheInitialResult() {
        let publisher = [1, 2].publisher.tryScan(10, +)
        let first = TrackingSubscriber<Int, Error>()
        let second = TrackingSubscriber<Int, Error>()

        publisher.subscribe(first)
        publisher.subscribe(second)

        XCTAssertEqual(first.values, [11, 13])
        XCTAssertEqual(second.values, [11, 13])
    }

    func test_theSubscription_mirrorsDownstreamStatusAndResult() throws {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream.tryScan(10) { $0 + $1 }.subscribe(subscriber)
        upstream.send(5)

        let mirror = Mirror(reflecting: try XCTUnwrap(subscriber.subscription))
        XCTAssertEqual(mirror.children.map(\.label), ["downstream", "status", "result"])
        XCTAssertEqual(mirror.children.dropFirst().map { "\($0.value)" }, ["subscribed", "15"])
    }
}
