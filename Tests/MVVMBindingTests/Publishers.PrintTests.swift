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
}

/// A text stream that keeps what was written, split into lines.
private final class LineCollector: TextOutputStream, @unchecked Sendable {
    private var text = ""

    var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

    func write(_ string: String) { text += string }
}
