import MVVMBinding
import XCTest

final class MapErrorTests: XCTestCase {
    private struct WrappedError: Error, Equatable {
        let underlying: TestError
    }

    func test_mapError_convertsTheFailure() {
        let subscriber = TrackingSubscriber<Int, WrappedError>()

        Fail<Int, TestError>(error: .oops).mapError { WrappedError(underlying: $0) }.subscribe(subscriber)

        XCTAssertEqual(subscriber.completion, .failure(WrappedError(underlying: .oops)))
    }

    func test_valuesFinishAndDemand_passThroughUnchanged() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, WrappedError>(initialDemand: .max(1), demandAfterValue: { _ in .max(1) })
        upstream.mapError { WrappedError(underlying: $0) }.subscribe(subscriber)

        XCTAssertEqual(upstream.send(5), .max(1))
        upstream.send(completion: .finished)

        XCTAssertEqual(subscriber.history, ["subscription", "value(5)", "finished"])
        XCTAssertEqual(upstream.subscription.requests, [.max(1)])
    }

    func test_cancel_reachesTheUpstream() {
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, WrappedError>()
        upstream.mapError { WrappedError(underlying: $0) }.subscribe(subscriber)

        subscriber.cancel()

        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }
}
