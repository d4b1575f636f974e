import CMVVM
import XCTest

@testable import MVVMRuntime

/// A record field holding a declared enum, and a record whose `make` refuses a value: read
/// back from C, an unknown case and a refused value are errors naming the field, never a
/// default.
@MainActor
final class RecordEnumFieldTests: XCTestCase {
    private let declaration = StockedItem.recordDeclaration

    /// The C form: quantity (int64_t) at 0, shelf (the enum, an int32_t) at 8; 16 bytes.
    private func read(quantity: Int64, shelf: Int32) throws -> StockedItem {
        var form = [UInt8](repeating: 0, count: declaration.layout.size)
        form.withUnsafeMutableBytes {
            $0.storeBytes(of: quantity, toByteOffset: 0, as: Int64.self)
            $0.storeBytes(of: shelf, toByteOffset: 8, as: Int32.self)
        }
        return try form.withUnsafeBytes { bytes throws(APIError) in try declaration.read(from: bytes.baseAddress!, "answer") }
    }

    func test_an_enum_field_is_an_int32_in_the_struct_holding_its_cases_number() async {
        XCTAssertEqual(declaration.fields.map(\.kind), [.int64, .enumeration("Shelf")])
        XCTAssertEqual(declaration.layout, RecordLayout([.int64, .int32]))
        XCTAssertEqual(declaration.layout.size, 16)
        var number: Int32?
        declaration.withCForm(StockedItem(quantity: 3, shelf: .bottom)) { number = $0.load(fromByteOffset: 8, as: Int32.self) }
        XCTAssertEqual(number, 7, "the case's declared number")
    }

    func test_a_number_read_back_becomes_the_case() async throws {
        XCTAssertEqual(try read(quantity: 2, shelf: 1), StockedItem(quantity: 2, shelf: .middle))
        XCTAssertEqual(try read(quantity: 0, shelf: 7), StockedItem(quantity: 0, shelf: .bottom))
    }

    func test_a_number_that_is_no_case_is_refused_naming_the_field_and_the_cases() async {
        XCTAssertThrowsError(try read(quantity: 2, shelf: 2)) { error in
            let error = error as? APIError
            XCTAssertEqual(error?.status, MVVM_E_INVALID_ARGUMENT)
            XCTAssertEqual(error?.message, "answer.shelf: 2 is not a Shelf: its cases are 0 (top), 1 (middle), 7 (bottom).")
        }
    }

    func test_make_refuses_a_value_with_a_message_naming_the_parameter_and_field() async {
        XCTAssertThrowsError(try read(quantity: -1, shelf: 0)) { error in
            let error = error as? APIError
            XCTAssertEqual(error?.status, MVVM_E_INVALID_ARGUMENT)
            XCTAssertEqual(error?.message, "answer.quantity is -1; it must not be negative.")
        }
    }

    func test_the_registry_gives_the_field_its_enums_c_type_and_the_schema_hash_counts_it() async throws {
        let registry = TypeRegistry()
        try registry.register(enumeration: Shelf.declaration, prefix: "shop")
        try registry.register(record: StockedItem.self, prefix: "shop")
        let record = try XCTUnwrap(registry.record(named: "StockedItem"))
        XCTAssertEqual(record.fields.map(\.cType), ["int64_t", "shop_shelf"])
        XCTAssertEqual(record.fields.map(\.enumCType), [nil, "shop_shelf"])
        XCTAssertTrue(SchemaHash.listing(registry).contains("field shelf 2 false 8 enum shop_shelf"), SchemaHash.listing(registry))
    }

    func test_a_record_whose_enum_is_not_registered_yet_is_refused() async throws {
        let registry = TypeRegistry()
        XCTAssertThrowsError(try registry.register(record: StockedItem.self, prefix: "shop")) { error in
            XCTAssertEqual(
                String(describing: error),
                "The record StockedItem's field \"shelf\" holds the enum Shelf, which is not registered: register it before the record.")
        }
        XCTAssertNil(registry.record(named: "StockedItem"), "nothing is registered")
    }
}
