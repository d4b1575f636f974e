import MVVMBinding
import XCTest

final class TryFilterTests: XCTestCase {
    func test_tryFilter_republishesMatchesUntilThePredicateThrows() {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream
            .tryFilter { value in
                if value < 0 { throw TestError.oops }
                return value.isMultiple(of: 2)
            }
            .subscribe(subscriber)

        XCTAssertEqual(upstream.send(1), .max(1))
        upstream.send(2)
        upstream.send(-1)
        upstream.send(4)

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_filterAfterTryFilter_fusesIntoOneTryFilter() {
        let fused: Publishers.TryFilter<Publishers.Sequence<ClosedRange<Int>, Never>> = (1...12).publisher
            .tryFilter { $0.isMultiple(of: 2) }
            .filter { $0.isMultiple(of: 3) }
        let subscriber = TrackingSubscriber<Int, Error>()

        fused.subscribe(subscriber)

        XCTAssertEqual(subscriber.values, [6, 12])
        XCTAssertNotNil(subscriber.completion)
    }
}

// MARK: - Combine's rules (issue 24)

extension TryFilterTests {
    func test_aSubscriptionArrivingAfterCancel_isCancelled() {
        XCTAssertEqual(historyOfSubscriptionArrivingAfterCancel { $0.tryFilter { _ in true } }, [.subscribed, .cancelled])
    }
}
