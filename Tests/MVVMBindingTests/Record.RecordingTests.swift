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

    /// Encodes a recording through `encode(into:)`, Combine's spelling.
    private struct EncodedInto<Value: Codable>: Encodable {
        let recording: Record<Value, Failure>.Recording
        func encode(to encoder: any Encoder) throws { try recording.encode(into: encoder) }
    }

    func test_encodeInto_writesWhatEncodeToWrites() throws {
        let recording = Record<Int, Failure>.Recording(output: [3, 4], completion: .failure(Failure(reason: "y")))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys

        let viaInto = try encoder.encode(EncodedInto(recording: recording))
        let decoded = try JSONDecoder().decode(Record<Int, Failure>.Recording.self, from: viaInto)

        XCTAssertEqual(viaInto, try encoder.encode(recording))
        XCTAssertEqual(decoded.output, [3, 4])
        XCTAssertEqual(decoded.completion, .failure(Failure(reason: "y")))
    }

    func test_aRecordingBuiltStepByStep_keepsItsValuesInOrder_andTheCompletionItReceived() {
        var recording = Record<Int, Failure>.Recording()

        recording.receive(1)
        recording.receive(2)
        XCTAssertEqual(recording.completion, .finished, "finished until a completion is received")
        recording.receive(completion: .failure(Failure(reason: "z")))

        XCTAssertEqual(recording.output, [1, 2])
        XCTAssertEqual(recording.completion, .failure(Failure(reason: "z")))
    }

    func test_aCompleteRecording_finishesByDefault() {
        let recording = Record<Int, Never>.Recording(output: [5])

        XCTAssertEqual(recording.output, [5])
        XCTAssertEqual(recording.completion, .finished)
    }
}
