import XCTest

@testable import MVVMRuntime

/// `HostAnswer.payload(_:)`: what an application's typed resolve function stored, as its type.
final class HostAnswerTests: XCTestCase {
    private let record = EveryKindRecord(id: 7, count: 1, flag: true, ratio: 0.5, title: "Grüße", note: "a note")

    func test_a_custom_answer_gives_its_payload_and_other_answers_none() {
        let answer = HostAnswer.custom(resolvedBy: "app_request_resolve_item()", record)
        XCTAssertEqual(answer.payload(EveryKindRecord.self), record)
        XCTAssertNil(answer.payload(String.self))
        XCTAssertNil(HostAnswer.nothing.payload(EveryKindRecord.self))
        XCTAssertNil(HostAnswer.value(.record(record)).payload(EveryKindRecord.self), "a value answer is no custom payload")
    }
}
