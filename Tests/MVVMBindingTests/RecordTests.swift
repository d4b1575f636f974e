import Foundation
import MVVMBinding
import XCTest

final class RecordTests: XCTestCase {
    func test_aRecord_replaysItsValuesAndCompletion_toEachSubscriber_withTheirDemand() {
        let record = Record<Int, TestError>(output: [1, 2, 3], completion: .failure(.oops))
        let first = TrackingSubscriber<Int, TestError>()
        let second = TrackingSubscriber<Int, TestError>(initialDemand: .max(2))

        record.subscribe(first)
        record.subscribe(second)

        XCTAssertEqual(first.history, ["subscription", "value(1)", "value(2)", "value(3)", "failure(oops)"])
        XCTAssertEqual(second.history, ["subscription", "value(1)", "value(2)"])
        second.request(.max(1))
        XCTAssertEqual(second.history, ["subscription", "value(1)", "value(2)", "value(3)", "failure(oops)"])
    }

    func test_aRecordingBuiltStepByStep_holdsWhatItReceived() {
        let record = Record<String, Never> { recording in
            recording.receive("a")
            recording.receive("b")
            recording.receive(completion: .finished)
        }
        let subscriber = TrackingSubscriber<String, Never>()

        record.subscribe(subscriber)

        XCTAssertEqual(record.recording.output, ["a", "b"])
        XCTAssertEqual(subscriber.history, ["subscription", "value(a)", "value(b)", "finished"])
    }

    func test_anEmptyFinishedRecord_finishesAtOnce() {
        let subscriber = TrackingSubscriber<Int, Never>(initialDemand: nil)

        Record<Int, Never>(output: [], completion: .finished).subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "finished"])
    }
}
