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
        XCTAssertEqual(CName.snakeCase("ÉtatList"), "État_list")
        // Only ASCII capitals start words and are lowered.
        XCTAssertEqual(CName.snakeCase("CaféÉclair"), "caféÉclair")
        XCTAssertEqual(CName.snakeCase("URLÉtat"), "urlÉtat")
    }

    func test_underscored_turns_every_hyphen_into_an_underscore_and_keeps_the_rest() {
        XCTAssertEqual(CName.underscored("due-date"), "due_date")
        XCTAssertEqual(CName.underscored("is-done-now"), "is_done_now")
        XCTAssertEqual(CName.underscored("title"), "title")
        XCTAssertEqual(CName.underscored("-x-"), "_x_")
        XCTAssertEqual(CName.underscored("café-crème"), "café_crème")
        XCTAssertEqual(CName.underscored(""), "")
    }

    func test_an_array_arguments_count_drops_a_values_suffix_and_adds_count() {
        XCTAssertEqual(CName.arrayCount(of: "sorted_values"), "sorted_count")
        XCTAssertEqual(CName.arrayCount(of: "values"), "values_count")
        XCTAssertEqual(CName.arrayCount(of: "ids"), "ids_count")
        XCTAssertEqual(CName.arrayCount(of: "a_values_b"), "a_values_b_count")
    }
}
