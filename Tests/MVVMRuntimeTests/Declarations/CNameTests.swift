import XCTest

@testable import MVVMRuntime

final class CNameTests: XCTestCase {
    func test_snake_case_splits_words_at_capitals_and_keeps_acronyms_together() {
        XCTAssertEqual(CName.snakeCase("Note"), "note")
        XCTAssertEqual(CName.snakeCase("NoteList"), "note_list")
        XCTAssertEqual(CName.snakeCase("NoteEditor"), "note_editor")
        XCTAssertEqual(CName.snakeCase("HTTPCache"), "http_cache")
        XCTAssertEqual(CName.snakeCase("Post2Comment"), "post2_comment")
        XCTAssertEqual(CName.snakeCase("already_snake"), "already_snake")
    }

    func test_an_array_arguments_count_drops_a_values_suffix_and_adds_count() {
        XCTAssertEqual(CName.arrayCount(of: "sorted_values"), "sorted_count")
        XCTAssertEqual(CName.arrayCount(of: "values"), "values_count")
        XCTAssertEqual(CName.arrayCount(of: "ids"), "ids_count")
        XCTAssertEqual(CName.arrayCount(of: "a_values_b"), "a_values_b_count")
    }
}
