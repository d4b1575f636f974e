import XCTest

@testable import MVVMRuntime

/// A declared record's layout is the one C gives the struct its fields spell.
final class RecordLayoutTests: XCTestCase {
    // The offsets C gives (LP64); Tests/CABITests/test_records.c compares a registered record's
    // layout with its header's struct through offsetof.
    func test_fields_of_eight_bytes_follow_each_other() {
        let layout = RecordLayout([.int64, .string, .string])
        XCTAssertEqual(layout.offsets, [0, 8, 16])
        XCTAssertEqual(layout.size, 24)
        XCTAssertEqual(layout.alignment, 8)
    }

    func test_a_four_byte_field_between_eight_byte_ones_is_padded_as_c_pads_it() {
        // int64_t, three pointers, double, int64_t, int32_t (then 4 bytes of padding), int64_t.
        let layout = RecordLayout([.int64, .string, .string, .string, .double, .int64, .bool, .int64])
        XCTAssertEqual(layout.offsets, [0, 8, 16, 24, 32, 40, 48, 56])
        XCTAssertEqual(layout.size, 64)
    }

    func test_two_four_byte_fields_share_a_word_and_the_size_rounds_up_to_the_alignment() {
        let layout = RecordLayout([.int64, .int32, .bool, .double, .string, .optionalString, .int32])
        XCTAssertEqual(layout.offsets, [0, 8, 12, 16, 24, 32, 40])
        XCTAssertEqual(layout.size, 48)
        XCTAssertEqual(layout.alignment, 8)
    }

    func test_a_record_of_four_byte_fields_only_is_four_byte_aligned() {
        let layout = RecordLayout([.int32, .bool, .int32])
        XCTAssertEqual(layout.offsets, [0, 4, 8])
        XCTAssertEqual(layout.size, 12)
        XCTAssertEqual(layout.alignment, 4)
    }
}
