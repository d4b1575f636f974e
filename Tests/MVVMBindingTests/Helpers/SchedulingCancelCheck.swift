import MVVMBinding
import XCTest

extension XCTestCase {
    /// Checks Combine's rule for the scheduling operators: cancelling the operator's
    /// subscription twice (and requesting after it) reaches the upstream with one cancel and
    /// nothing more, once the scheduler has run, and the downstream receives nothing after the
    /// cancel, whatever the upstream still sends.
    func assertCancelReachesTheUpstreamOnce<P: Publisher>(
        file: StaticString = #filePath, line: UInt = #line,
        _ makeOperator: (DrivenPublisher<Int, Never>, TestScheduler) -> P
    ) where P.Output == Int, P.Failure == Never {
        let scheduler = TestScheduler()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: .max(1))
        makeOperator(upstream, scheduler).subscribe(subscriber)
        scheduler.advance()
        guard let subscription = subscriber.subscription else {
            return XCTFail("no subscription", file: file, line: line)
        }
        let requestsBefore = upstream.subscription.requests

        subscription.cancel()
        subscription.cancel()
        subscription.request(.max(3))
        scheduler.advance()
        upstream.send(1)
        upstream.send(completion: .finished)
        scheduler.advance(by: .seconds(10))

        XCTAssertEqual(upstream.subscription.cancelCount, 1, "one cancel", file: file, line: line)
        XCTAssertEqual(upstream.subscription.requests, requestsBefore, "no request after the cancel", file: file, line: line)
        XCTAssertEqual(subscriber.history, ["subscription"], "nothing after the cancel", file: file, line: line)
    }
}
