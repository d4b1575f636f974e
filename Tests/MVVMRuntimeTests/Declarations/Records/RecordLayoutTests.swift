import CMVVM
import XCTest
@testable import MVVMRuntime

/// A declared record's layout is the one C gives the struct its fields spell.
final class RecordLayoutTests: XCTestCase {
    func test_fields_of_eight_bytes_follow_each_other() {
        let layout = RecordLayout([.int64, .string, .string])
        XCTAssertEqual(layout.offsets, [
            MemoryLayout<mvvm_user>.offset(of: \.id)!, MemoryLayout<mvvm_user>.offset(of: \.name)!,
            MemoryLayout<mvvm_user>.offset(of: \.email)!,
        ])
        XCTAssertEqual(layout.size, MemoryLayout<mvvm_user>.size)
        XCTAssertEqual(layout.alignment, MemoryLayout<mvvm_user>.alignment)
    }

    func test_a_four_byte_field_between_eight_byte_ones_is_padded_as_c_pads_it() {
        // mvvm_post: ... likes_count (int64_t), liked_by_current_user (int32_t), comments_count (int64_t).
        let layout = RecordLayout([.int64, .string, .string, .string, .double, .int64, .bool, .int64])
        let post = MemoryLayout<mvvm_post>.self
        XCTAssertEqual(layout.offsets, [
            post.offset(of: \.id)!, post.offset(of: \.title)!, post.offset(of: \.body)!, post.offset(of: \.author_name)!,
            post.offset(of: \.created_at)!, post.offset(of: \.likes_count)!, post.offset(of: \.liked_by_current_user)!,
            post.offset(of: \.comments_count)!,
        ])
        XCTAssertEqual(layout.size, post.size)
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
