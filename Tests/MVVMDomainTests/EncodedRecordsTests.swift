import Foundation
import XCTest

@testable import MVVMDomain

final class EncodedRecordsTests: XCTestCase {
    /// A record with every shape the pretty printer lays out differently.
    private struct Nested: Codable, Equatable {
        var text: String
        var emptyList: [Int]
        var emptyMap: [String: Int]
        var list: [[Int]]
        var map: [String: [String]]
    }

    private let nested = Nested(
        text: "a \"b\"\n\\c é",
        emptyList: [],
        emptyMap: [:],
        list: [[], [1, 2]],
        map: ["k": [], "z": ["x"]])

    private func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func test_indented_matchesWhatTheEncoderWritesForTheRecordTwoLevelsDeep() throws {
        let encoder = makeEncoder()
        let inContext = try encoder.encode(["key": [nested]])
        let alone = try encoder.encode(nested)

        let indented = EncodedRecords<Nested>.indented(alone, by: 4)

        XCTAssertEqual(
            "{\n  \"key\" : [\n" + text(indented) + "\n  ]\n}",
            String(decoding: inContext, as: UTF8.self))
    }

    func test_indented_leavesTheBlankLineOfAnEmptyArrayUnindented() {
        XCTAssertEqual(
            text(EncodedRecords<[Int]>.indented(Data("[\n\n]".utf8), by: 2)), "  [\n\n  ]")
    }

    func test_update_encodesOnlyRecordsThatDifferFromTheOneAtTheirIndex() throws {
        let encoder = makeEncoder()
        var sut = EncodedRecords<String>(indent: 4)

        XCTAssertEqual(try sut.update(to: ["a", "b", "c"], using: encoder), 3)
        XCTAssertEqual(try sut.update(to: ["a", "B", "c"], using: encoder), 1)
        XCTAssertEqual(try sut.update(to: ["a", "B"], using: encoder), 0)
        XCTAssertEqual(try sut.update(to: ["a", "B", "d", "e"], using: encoder), 2)

        XCTAssertEqual(sut.encoded.map(text), ["    \"a\"", "    \"B\"", "    \"d\"", "    \"e\""])
        XCTAssertEqual(sut.byteCount, 4 * 7)
    }

    func test_update_thatThrows_keepsTheRecordsAndBytesOfTheLastSuccess() throws {
        // The default strategy refuses non-finite numbers.
        let encoder = makeEncoder()
        var sut = EncodedRecords<Double>(indent: 0)
        try sut.update(to: [1, 2], using: encoder)

        XCTAssertThrowsError(try sut.update(to: [3, .infinity], using: encoder))

        XCTAssertEqual(sut.encoded.map(text), ["1", "2"])
        XCTAssertEqual(try sut.update(to: [1, 2], using: encoder), 0, "still the old records")
        XCTAssertEqual(try sut.update(to: [3, 2], using: encoder), 1)
        XCTAssertEqual(sut.encoded.map(text), ["3", "2"])
    }
}
