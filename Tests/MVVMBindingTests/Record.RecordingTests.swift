import Foundation
import MVVMBinding
import XCTest

final class RecordRecordingTests: XCTestCase {
    private struct Failure: Error, Codable, Equatable {
        let reason: String
    }

    func test_aNewRecording_isEmpty_andFinished() {
        let recording = Record<Int, Never>.Recording()

        XCTAssertEqual(recording.output, [])
        XCTAssertEqual(recording.completion, .finished)
    }

    func test_aRecording_roundTripsThroughJSON() throws {
        let recording = Record<Int, Failure>.Recording(output: [1, 2], completion: .failure(Failure(reason: "x")))

        let data = try JSONEncoder().encode(recording)
        let decoded = try JSONDecoder().decode(Record<Int, Failure>.Recording.self, from: data)

        XCTAssertEqual(decoded.output, [1, 2])
        XCTAssertEqual(decoded.completion, .failure(Failure(reason: "x")))
    }

    func test_aRecord_roundTripsThroughJSON_andReplaysTheSame() throws {
        let record = Record<String, Failure>(output: ["a"], completion: .finished)

        let decoded = try JSONDecoder().decode(Record<String, Failure>.self, from: try JSONEncoder().encode(record))
        let subscriber = TrackingSubscriber<String, Failure>()
        decoded.subscribe(subscriber)

        XCTAssertEqual(subscriber.history, ["subscription", "value(a)", "finished"])
    }
}
