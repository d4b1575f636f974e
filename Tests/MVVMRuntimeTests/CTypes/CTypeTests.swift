import XCTest

@testable import MVVMRuntime

/// The one C type model: how it is spelled, and the direction and ownership rules of its
/// parameters (mvvm.h, mvvm_c_parameter).
final class CTypeTests: XCTestCase {
    func test_types_are_spelled_as_the_header_spells_them() {
        XCTAssertEqual(CType.int32.spelling, "int32_t")
        XCTAssertEqual(CType.size.spelling, "size_t")
        XCTAssertEqual(CType.string.spelling, "const char *")
        XCTAssertEqual(CType.string.pointer.spelling, "const char **")
        XCTAssertEqual(CType.object.pointer.spelling, "mvvm_object **")
        XCTAssertEqual(CType.userData.spelling, "void *")
        XCTAssertEqual(CType.lentRecord("app_item").spelling, "const app_item *")
        XCTAssertEqual(CType(.record, name: "app_item").pointer.spelling, "app_item *")
        XCTAssertEqual(CType.vtable("app_store_vtable").spelling, "const app_store_vtable *")
        XCTAssertEqual(CType.listChanges.spelling, "const mvvm_list_change *")
        XCTAssertEqual(CType.destroyNotify.spelling, "mvvm_destroy_notify")
    }

    func test_inputs_are_lent_when_they_point_at_const_data_and_plain_values_otherwise() {
        XCTAssertEqual(CParameter.input("title", .string).ownership, .lent)
        XCTAssertEqual(CParameter.input("item", .lentRecord("app_item")).ownership, .lent)
        XCTAssertEqual(CParameter.input("index", .int64).ownership, .value)
        XCTAssertEqual(CParameter.input("shop", .object).ownership, .value)
        XCTAssertEqual(CParameter.input("user_data", .userData).ownership, .value)
        XCTAssertEqual(CParameter.input("index", .int64).direction, .input)
    }

    func test_outputs_are_one_pointer_further_and_own_nothing_but_a_new_handle() {
        let count = CParameter.output("out_count", .int64)
        XCTAssertEqual(count.type.spelling, "int64_t *")
        XCTAssertEqual(count.direction, .output)
        XCTAssertEqual(count.ownership, .value)
        XCTAssertEqual(CParameter.output("out_title", .string).ownership, .borrowed)
        XCTAssertEqual(CParameter.output("out_item", CType(.record, name: "app_item")).ownership, .borrowed)
        XCTAssertEqual(CParameter.output("out_shop", .object).ownership, .borrowed)
        XCTAssertEqual(CParameter.output("out_shop", .object, owned: true).ownership, .owned)
    }

    func test_a_function_gives_its_signature_and_a_field_declaration() {
        let function = CFunctionType.function([.input("vm", .object), .output("out_count", .int64)])
        XCTAssertEqual(function.signature, "mvvm_status (*)(mvvm_object *, int64_t *)")
        XCTAssertEqual(function.field("get_count"), "mvvm_status (*get_count)(mvvm_object *vm, int64_t *out_count)")
    }

    func test_a_handler_takes_the_object_first_and_user_data_last() {
        let handler = SignalShape.changes.handler
        XCTAssertEqual(handler.result, .void)
        XCTAssertEqual(handler.parameters.map(\.name), ["object", "changes", "count", "user_data"])
        XCTAssertEqual(handler.parameters.map(\.ownership), [.value, .lent, .value, .value])
        XCTAssertEqual(handler.signature, "void (*)(mvvm_object *, const mvvm_list_change *, size_t, void *)")
        XCTAssertEqual(SignalShape.int32AndObject.handler.signature, "void (*)(mvvm_object *, int32_t, mvvm_object *, void *)")
    }
}
