import MVVMBindingCore
import XCTest

@testable import MVVMRuntime

final class EnumDeclarationTests: XCTestCase {
    private enum Sort: Equatable, Sendable { case updated, title, pinned }

    func test_cases_are_numbered_by_position_and_an_explicit_number_continues_the_count() {
        let declaration = EnumDeclaration<Sort>(
            name: "Sort",
            cases: [
                .case("updated", .updated), .case("title", .title, number: 10), .case("pinned", .pinned),
            ])
        XCTAssertEqual(declaration.numbers, [0, 10, 11])
        XCTAssertEqual([Sort.updated, .title, .pinned].map(declaration.number(of:)), [0, 10, 11])
    }

    func test_a_host_written_number_becomes_its_case_and_any_other_is_refused_naming_the_cases() throws {
        let declaration = EnumDeclaration<Sort>(name: "Sort", cases: [.case("updated", .updated), .case("title", .title, number: 10)])
        XCTAssertEqual(try declaration.value(ofNumber: 10), .title)
        XCTAssertEqual(try declaration.value(ofNumber: 0), .updated)
        XCTAssertThrowsError(try declaration.value(ofNumber: 1)) { error in
            XCTAssertEqual((error as? APIError)?.message, "1 is not a Sort: its cases are 0 (updated), 10 (title).")
        }
    }

    func test_a_case_matched_by_a_predicate_cannot_be_set_by_its_number() {
        let declaration = EnumDeclaration(viewStateOf: [Int].self)
        XCTAssertThrowsError(try declaration.value(ofNumber: 2)) { error in
            XCTAssertEqual((error as? APIError)?.message, "The ViewState case loaded carries a value: it cannot be set by its number.")
        }
    }

    func test_view_state_matches_each_case_whatever_its_payload() {
        let declaration = EnumDeclaration(viewStateOf: [Int].self)
        let states: [ViewState<[Int]>] = [.idle, .loading, .loaded([1]), .empty, .failed("no")]
        XCTAssertEqual(states.map(declaration.number(of:)), [0, 1, 2, 3, 4])
        XCTAssertEqual(declaration.cases.map(\.name), ["idle", "loading", "loaded", "empty", "failed"])
    }

    func test_registration_gives_the_c_names_from_the_prefix_and_the_names() throws {
        let registry = TypeRegistry()
        try registry.register(
            enumeration: EnumDeclaration<Sort>(name: "NoteSort", cases: [.case("updated", .updated), .case("title", .title)]), prefix: "notes")
        let registered = try XCTUnwrap(registry.enumeration(named: "NoteSort"))
        XCTAssertEqual(registered.cType, "notes_note_sort")
        XCTAssertEqual(registered.cases.map(\.cName), ["NOTES_NOTE_SORT_UPDATED", "NOTES_NOTE_SORT_TITLE"])
        XCTAssertEqual(registry.enumeration(cType: "notes_note_sort")?.name, "NoteSort")
    }

    func test_registration_refuses_a_second_enum_of_the_name_no_cases_and_repeated_cases_or_numbers() throws {
        let registry = TypeRegistry()
        try registry.register(enumeration: EnumDeclaration<Sort>(name: "Sort", cases: [.case("updated", .updated)]), prefix: "t")
        let refused: [(EnumDeclaration<Sort>, String)] = [
            (EnumDeclaration(name: "Sort", cases: [.case("title", .title)]), "second enum"),
            (EnumDeclaration(name: "Empty", cases: []), "no cases"),
            (EnumDeclaration(name: "Twice", cases: [.case("a", .title), .case("a", .pinned)]), "\"a\" twice"),
            (EnumDeclaration(name: "Same", cases: [.case("a", .title, number: 1), .case("b", .pinned, number: 1)]), "number 1"),
        ]
        for (declaration, message) in refused {
            XCTAssertThrowsError(try registry.register(enumeration: declaration, prefix: "t")) { error in
                XCTAssertTrue(String(describing: error).contains(message), String(describing: error))
            }
        }
        XCTAssertEqual(registry.registeredEnums.map(\.name), ["Sort"])
    }
}
