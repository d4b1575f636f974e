import MVVMBinding
import XCTest

final class BreakpointTests: XCTestCase {
    // A breakpoint that fires raises SIGTRAP, which ends a test process without a debugger, so
    // these tests check that its closures see every event and that nothing else changes.
    func test_breakpoint_asksItsClosuresAboutEveryEvent_andPassesEverythingThrough() {
        var seen: [String] = []
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: .max(2))
        upstream
            .breakpoint(
                receiveSubscription: { _ in
                    seen.append("subscription")
                    return false
                },
                receiveOutput: {
                    seen.append("value(\($0))")
                    return false
                },
                receiveCompletion: {
                    seen.append("\($0)")
                    return false
                }
            )
            .subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(seen, ["subscription", "value(1)", "failure(oops)"])
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "failure(oops)"])
        XCTAssertEqual(upstream.subscription.requests, [.max(2)])
    }

    func test_breakpointOnError_passesValuesAndFinishingThrough() {
        let subscriber = TrackingSubscriber<Int, Never>()

        [1, 2].publisher.breakpointOnError().subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "value(2)", "finished"])
    }

    func test_breakpoint_handsTheUpstreamSubscriptionThrough_andShowsItselfToTheUpstreamAsBreakpoint() throws {
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(3))

        upstream.breakpoint().subscribe(subscriber)

        XCTAssertEqual(subscriber.subscriptionDescription, "TrackingSubscription")
        XCTAssertEqual(upstream.subscription.requests, [.max(3)])
        XCTAssertEqual(upstream.subscriberObject.map { String(describing: $0) }, "Breakpoint")
        XCTAssertEqual(Mirror(reflecting: try XCTUnwrap(upstream.subscriberObject)).children.count, 0, "as Combine's")
    }
}
