import XCTest

@testable import MVVMRuntime

/// The schema hash changes with anything a header declares (a field's kind, a field's name, a
/// type's name) and with nothing else (docs), and is FNV-1a as documented.
final class SchemaHashTests: XCTestCase {
    /// Two records named alike, as one app's `Item` before and after an edit.
    private struct ItemWithCount: RecordValue {
        let id: Int64, count: Int64
        static let recordDeclaration = RecordDeclaration<Self>(name: "Item", doc: "An item.", fields: [.field("id", \.id), .field("count", \.count)])
    }

    private struct ItemWithSmallCount: RecordValue {
        let id: Int64, count: Int32
        static let recordDeclaration = RecordDeclaration<Self>(name: "Item", doc: "An item.", fields: [.field("id", \.id), .field("count", \.count)])
    }

    private struct ItemWithTotal: RecordValue {
        let id: Int64, count: Int64
        static let recordDeclaration = RecordDeclaration<Self>(name: "Item", doc: "An item.", fields: [.field("id", \.id), .field("total", \.count)])
    }

    private struct ItemWithOtherDoc: RecordValue {
        let id: Int64, count: Int64
        static let recordDeclaration = RecordDeclaration<Self>(
            name: "Item", doc: "Something else.", fields: [.field("id", \.id), .field("count", \.count)])
    }

    private func hash<R: RecordValue>(_ record: R.Type, typeName: String = "ItemList") throws -> String {
        let registry = TypeRegistry()
        try registry.register(record: record, cType: "app_item", cName: "APP_VALUE_ITEM")
        try registry.register(TypeDeclaration(name: typeName, cPrefix: "item_list", handleName: "vm", summary: "A list."))
        return SchemaHash.hash(of: SchemaHash.listing(registry))
    }

    func test_the_hash_is_64_bit_fnv_1a_in_sixteen_hex_digits() {
        XCTAssertEqual(SchemaHash.hash(of: ""), "cbf29ce484222325")
        XCTAssertEqual(SchemaHash.hash(of: "a"), "af63dc4c8601ec8c")
        XCTAssertEqual(SchemaHash.hash(of: "foobar"), "85944171f73967e8")
    }

    func test_a_record_field_of_another_kind_changes_the_hash() throws {
        XCTAssertNotEqual(try hash(ItemWithCount.self), try hash(ItemWithSmallCount.self))
    }

    func test_a_renamed_record_field_changes_the_hash() throws {
        XCTAssertNotEqual(try hash(ItemWithCount.self), try hash(ItemWithTotal.self))
    }

    func test_a_renamed_type_changes_the_hash() throws {
        XCTAssertNotEqual(try hash(ItemWithCount.self), try hash(ItemWithCount.self, typeName: "ItemTable"))
    }

    func test_docs_do_not_change_the_hash_and_the_same_declarations_give_the_same_hash() throws {
        XCTAssertEqual(try hash(ItemWithCount.self), try hash(ItemWithOtherDoc.self))
        XCTAssertEqual(try hash(ItemWithCount.self), try hash(ItemWithCount.self))
    }

    func test_the_listing_names_each_field_with_its_kind_and_offset() throws {
        let registry = TypeRegistry()
        try registry.register(record: ItemWithSmallCount.self, cType: "app_item", cName: "APP_VALUE_ITEM")
        let listing = SchemaHash.listing(registry)
        XCTAssertTrue(listing.contains("record 7 Item app_item APP_VALUE_ITEM 16 8 false"), listing)
        XCTAssertTrue(listing.contains("  field count \(ValueKind.int32.rawValue) false 8"), listing)
    }

    private struct SmallOptions { var struct_size: UInt32, count: Int32 }
    private struct LargeOptions { var struct_size: UInt32, count: Int32, limit: Int64 }

    private func hash(constructor parameters: [ConstructorDeclaration.Parameter]) throws -> String {
        let registry = TypeRegistry()
        try registry.register(
            TypeDeclaration(
                name: "Shop", cNamespace: "app", handleName: "shop", summary: "",
                constructors: [
                    ConstructorDeclaration("new_named", doc: "A shop.", parameters: parameters) { _ throws(APIError) in
                        throw .invalidArgument("not made in this test")
                    }
                ]))
        return SchemaHash.hash(of: SchemaHash.listing(registry))
    }

    func test_a_constructors_parameters_and_its_options_structs_size_count() throws {
        let small = OptionsDeclaration<SmallOptions>(cType: "app_shop_options", defaults: { SmallOptions(struct_size: 0, count: 1) })
        let large = OptionsDeclaration<LargeOptions>(cType: "app_shop_options", defaults: { LargeOptions(struct_size: 0, count: 1, limit: 2) })
        let base = try hash(constructor: [.string("name")])
        XCTAssertEqual(base, try hash(constructor: [.string("name")]))
        XCTAssertNotEqual(base, try hash(constructor: [.string("title")]))
        XCTAssertNotEqual(base, try hash(constructor: [.string("name"), .options("options", small)]))
        XCTAssertNotEqual(
            try hash(constructor: [.string("name"), .options("options", small)]),
            try hash(constructor: [.string("name"), .options("options", large)]))
    }
}
