import MVVMBinding
import XCTest

final class TryCompactMapTests: XCTestCase {
    func test_tryCompactMap_dropsNilsAndFailsOnAThrow() {
        let upstream = DrivenPublisher<String, Never>()
        let subscriber = TrackingSubscriber<Int, Error>()
        upstream
            .tryCompactMap { text -> Int? in
                if text == "boom" { throw TestError.oops }
                return Int(text)
            }
            .subscribe(subscriber)

        XCTAssertEqual(upstream.send("1"), .none)
        XCTAssertEqual(upstream.send("x"), .max(1))
        upstream.send("boom")
        upstream.send("2")

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_fusedCompactMap_keepsDroppingNils() {
        let subscriber = TrackingSubscriber<Int, Error>()

        ["1", "2", "x"].publisher
            .tryCompactMap { Int($0) }
            .compactMap { $0 > 1 ? $0 : nil }
            .subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(2)", "finished"])
    }
}

// MARK: - Combine's rules (issue 24)

extension TryCompactMapTests {
    func test_aSubscriptionArrivingAfterCancel_isCancelled() {
        XCTAssertEqual(historyOfSubscriptionArrivingAfterCancel { $0.tryCompactMap { $0 } }, [.subscribed, .cancelled])
    }
}
