import XCTest

@testable import MVVMRuntime

final class HostInterfaceDeclarationTests: XCTestCase {
    private let interface = HostInterfaceDeclaration(
        name: "NotesRepository", cNamespace: "notes", summary: "Notes a host keeps.",
        members: [
            .method("all_notes", "Every note.", answer: .list(.string)),
            .method(
                "rename", "Renames one.", arguments: [.int64("id"), .string("title"), .bool("pinned"), .double("at")],
                answer: .value(.string)),
            .cancel,
            .method("search", "Optional.", arguments: [.string("query")], answer: .nothing, optional: true),
        ])

    func test_the_table_is_named_by_namespace_and_name_without_repeating_the_namespace() {
        XCTAssertEqual(interface.cType, "notes_repository_vtable")
        let other = HostInterfaceDeclaration(name: "TagStore", cNamespace: "notes", summary: "", members: [.cancel])
        XCTAssertEqual(other.cType, "notes_tag_store_vtable")
    }

    func test_the_layout_is_struct_size_then_one_pointer_per_member_in_declaration_order() {
        let pointer = MemoryLayout<UnsafeRawPointer>.size
        XCTAssertEqual(interface.size, MemoryLayout<UnsafeRawPointer>.alignment + 4 * pointer)
        XCTAssertEqual((0..<4).map(interface.offset(ofMember:)), (0..<4).map { pointer + $0 * pointer })
        XCTAssertEqual(interface.memberIndex(named: "cancel"), 2)
        XCTAssertNil(interface.memberIndex(named: "missing"))
    }

    func test_each_member_is_declared_in_c_with_user_data_and_the_request_first() {
        XCTAssertEqual(interface.members[0].cDeclaration, "void (*all_notes)(void *user_data, mvvm_request *request)")
        XCTAssertEqual(
            interface.members[1].cDeclaration,
            "void (*rename)(void *user_data, mvvm_request *request, int64_t id, const char *title, int32_t pinned, double at)")
        XCTAssertEqual(interface.members[2].cDeclaration, "void (*cancel)(void *user_data, mvvm_request *request)")
    }

    func test_cancel_answers_nothing_and_is_optional_and_methods_are_required_unless_declared_optional() {
        XCTAssertEqual(interface.members.map(\.isCancel), [false, false, true, false])
        XCTAssertEqual(interface.members.map(\.isOptional), [false, false, true, true])
        XCTAssertNil(interface.members[2].answer)
    }
}
