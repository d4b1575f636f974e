import MVVMBinding
import XCTest

/// Checks for the operators fed by several upstreams (zip, combineLatest, merge), from Combine's
/// rules: when one upstream fails, every other upstream subscription is cancelled (once), the
/// failed one is not (it has completed) except by zip, which cancels every upstream after
/// passing the failure on, the downstream receives exactly one completion, and nothing reaches
/// it afterwards, whatever the upstreams still send.
extension XCTestCase {
    /// Builds the operator over `count` driven upstreams, lets upstream `failing` first send
    /// each upstream one value (so zip and combineLatest hold values when the failure comes),
    /// then fails upstream `failing`, then has every upstream misbehave (values and completions
    /// after the end), then cancels the operator's subscription; and checks the result.
    ///
    /// Run it for every position of the failing upstream.
    func assertFanInFailure<P: Publisher>(
        upstreamCount count: Int,
        failing: Int,
        sendValuesFirst: Bool = true,
        failedUpstreamIsCancelled: Bool = false,
        file: StaticString = #filePath, line: UInt = #line,
        _ makeOperator: ([DrivenPublisher<Int, TestError>]) -> P
    ) where P.Failure == TestError {
        let upstreams = (0..<count).map { _ in DrivenPublisher<Int, TestError>() }
        let subscriber = TrackingSubscriber<P.Output, TestError>()
        makeOperator(upstreams).subscribe(subscriber)
        guard let subscription = subscriber.subscription else {
            return XCTFail("no subscription", file: file, line: line)
        }
        // Values from every upstream but the failing one: zip and combineLatest hold them.
        if sendValuesFirst {
            for index in upstreams.indices where index != failing { upstreams[index].send(index) }
        }
        let valuesBefore = subscriber.values.count

        upstreams[failing].send(completion: .failure(.oops))

        let expectedCancels = upstreams.indices.map { $0 == failing && !failedUpstreamIsCancelled ? 0 : 1 }
        XCTAssertEqual(
            upstreams.map(\.subscription.cancelCount), expectedCancels,
            "the other upstreams are cancelled at the failure", file: file, line: line)
        XCTAssertEqual(subscriber.completion, .failure(.oops), file: file, line: line)

        // Upstreams that go on after the end (a racing or misbehaving upstream).
        for (index, upstream) in upstreams.enumerated() {
            XCTAssertEqual(upstream.send(100 + index), .none, "no demand after the end", file: file, line: line)
            upstream.send(completion: .failure(.other("late \(index)")))
            upstream.send(completion: .finished)
        }
        subscription.request(.max(5))
        subscription.cancel()
        subscription.cancel()

        let completions = subscriber.events.filter { if case .completion = $0 { true } else { false } }
        XCTAssertEqual(completions.count, 1, "exactly one completion", file: file, line: line)
        XCTAssertEqual(subscriber.values.count, valuesBefore, "nothing forwarded after the failure", file: file, line: line)
        if case .completion? = subscriber.events.last {
        } else {
            XCTFail("the completion is the last event: \(subscriber.history)", file: file, line: line)
        }
        XCTAssertEqual(
            upstreams.map(\.subscription.cancelCount), expectedCancels,
            "cancel reaches each upstream at most once", file: file, line: line)
        for upstream in upstreams {
            let requestsAfterCancel = upstream.history.drop { $0 != .cancelled }.dropFirst()
            XCTAssertEqual(Array(requestsAfterCancel), [], "nothing after the cancel", file: file, line: line)
        }
    }

    /// An upstream that subscribes only after another upstream already failed (during the
    /// operator's own subscribe) has its subscription cancelled at once, and once.
    func assertLateUpstreamIsCancelledAfterFailure<P: Publisher>(
        file: StaticString = #filePath, line: UInt = #line,
        _ makeOperator: (_ failed: Fail<Int, TestError>, _ late: DrivenPublisher<Int, TestError>) -> P
    ) where P.Failure == TestError {
        let late = DrivenPublisher<Int, TestError>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<P.Output, TestError>()
        makeOperator(Fail(error: .oops), late).subscribe(subscriber)
        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"], file: file, line: line)

        late.sendSubscription()
        late.send(1)
        late.send(completion: .finished)

        XCTAssertEqual(late.history, [.subscribed, .cancelled], file: file, line: line)
        XCTAssertEqual(subscriber.history, ["subscription", "failure(oops)"], file: file, line: line)
    }
}
