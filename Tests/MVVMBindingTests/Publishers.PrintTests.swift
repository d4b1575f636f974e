import MVVMBinding
import XCTest

final class PrintTests: XCTestCase {
    func test_print_writesEveryEventInCombinesFormat() {
        let stream = LineCollector()
        let upstream = DrivenPublisher<Int, TestError>()
        let subscriber = TrackingSubscriber<Int, TestError>(initialDemand: .max(1)) { _ in .max(1) }
        upstream.print("sut", to: stream).subscribe(subscriber)

        upstream.send(1)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(
            stream.lines,
            [
                "sut: receive subscription: (\(upstream.subscription))",
                "sut: request max: (1)",
                "sut: receive value: (1)",
                "sut: request max: (1) (synchronous)",
                "sut: receive error: (oops)",
            ])
        XCTAssertEqual(subscriber.history, ["subscription", "value(1)", "failure(oops)"])
    }

    func test_withoutAPrefix_linesStartWithTheEvent_andCancelIsWritten() {
        let stream = LineCollector()
        let upstream = DrivenPublisher<Int, Never>()
        let subscriber = TrackingSubscriber<Int, Never>()
        upstream.print(to: stream).subscribe(subscriber)

        subscriber.cancel()

        XCTAssertEqual(stream.lines.dropFirst(), ["request unlimited", "receive cancel"])
        XCTAssertEqual(upstream.subscription.cancelCount, 1)
    }

    func test_finished_isWritten_andPassedOn() {
        let stream = LineCollector()
        let subscriber = TrackingSubscriber<Int, Never>()

        Empty<Int, Never>().print("e", to: stream).subscribe(subscriber)

        XCTAssertEqual(stream.lines.last, "e: receive finished")
        XCTAssertTrue(subscriber.isFinished)
    }

    func test_eachLine_isWrittenAsSwiftPrintWritesIt_andAZeroSynchronousDemandIsLoggedToo() {
        let stream = LineCollector()
        let upstream = DrivenPublisher<Int, Never>()
        upstream.print(to: stream).subscribe(TrackingSubscriber<Int, Never>(initialDemand: .max(1)))

        upstream.send(1)

        XCTAssertEqual(
            stream.writes,
            [
                "", "receive subscription: (\(upstream.subscription))", "\n", "", "request max: (1)", "\n",
                "", "receive value: (1)", "\n", "", "request max: (0) (synchronous)", "\n",
            ])
    }

    func test_completionsPassAsTheyCome_andACancelBeforeTheSubscriptionOnlyLogs() {
        let stream = LineCollector()
        let upstream = DrivenPublisher<Int, TestError>(subscribesAtOnce: false)
        let subscriber = TrackingSubscriber<Int, TestError>()
        upstream.print(to: stream).subscribe(subscriber)
        (upstream.subscriberObject as? any Subscription)?.cancel()
        upstream.sendSubscription()

        upstream.send(completion: .finished)
        upstream.send(completion: .failure(.oops))

        XCTAssertEqual(subscriber.history, ["subscription", "finished", "failure(oops)"], "as Combine's")
        XCTAssertEqual(upstream.history, [.subscribed, .requested(.unlimited)])
        XCTAssertEqual(stream.lines.first, "receive cancel")
    }
}

/// A text stream that keeps what was written, each write and split into lines.
private final class LineCollector: TextOutputStream, @unchecked Sendable {
    private(set) var writes: [String] = []

    var lines: [String] { writes.joined().split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

    func write(_ string: String) { writes.append(string) }
}
