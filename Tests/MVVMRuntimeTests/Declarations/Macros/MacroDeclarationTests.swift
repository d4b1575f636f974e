import CMVVM
import XCTest

@testable import MVVMRuntime

/// How stock is kept.
@Enumeration
enum Storage: Int, Sendable {
    /// On the shelves.
    case shelf
    case backRoom
    /// Ordered, not here yet.
    case onOrder = 10
    case lost
}

/// An item of stock: its fields are its stored properties.
@Record
struct StockEntry: Equatable {
    /// The item's SKU.
    var skuID: Int
    var label: String
    /// Where it is kept.
    var storage: Storage
    var note: String?
    /// Paragraphs of a doc comment
    /// stay paragraphs.
    ///
    /// This is the second.
    var weight: Double
    var isFragile: Bool
    /// Not a field: computed.
    var summary: String { "\(label) (\(skuID))" }
    /// Not a field: a static.
    static let unit = "kg"

    static func validatedRecord(_ model: StockEntry, fields: RecordFields) throws(APIError) -> StockEntry {
        guard model.weight >= 0 else { throw fields.refusal("weight", "is \(model.weight); it must not be negative.") }
        return model
    }
}

/// A record the library only hands out.
@Record(name: "Receipt", readable: false)
struct StockReceipt: Equatable {
    var count: Int32
}

/// `@Record` and `@Enumeration` declare from the code: names in snake case, docs from the
/// `///` comments, kinds from the properties' types, raw values as numbers, the memberwise
/// initialiser and `validatedRecord` reading a record back.
@MainActor
final class MacroDeclarationTests: XCTestCase {
    func test_an_enumeration_has_its_cases_in_snake_case_numbered_by_their_raw_values() async {
        let declaration = Storage.declaration
        XCTAssertEqual(declaration.name, "Storage")
        XCTAssertEqual(declaration.doc, "How stock is kept.")
        XCTAssertEqual(declaration.cases.map(\.name), ["shelf", "back_room", "on_order", "lost"])
        XCTAssertEqual(declaration.numbers, [0, 1, 10, 11], "as Swift numbers them")
        XCTAssertEqual(declaration.cases.map(\.doc), ["On the shelves.", "", "Ordered, not here yet.", ""])
        XCTAssertEqual(declaration.number(of: .lost), 11)
        XCTAssertEqual(try declaration.value(ofNumber: 10), .onOrder)
    }

    func test_a_record_has_its_stored_properties_as_fields_with_their_docs_and_kinds() async {
        let declaration = StockEntry.recordDeclaration
        XCTAssertEqual(declaration.name, "StockEntry")
        XCTAssertEqual(declaration.doc, "An item of stock: its fields are its stored properties.")
        XCTAssertEqual(declaration.fields.map(\.name), ["sku_id", "label", "storage", "note", "weight", "is_fragile"])
        XCTAssertEqual(declaration.fields.map(\.kind), [.int64, .string, .enumeration("Storage"), .optionalString, .double, .bool])
        XCTAssertEqual(
            declaration.fields.map(\.doc),
            ["The item's SKU.", "", "Where it is kept.", "", "Paragraphs of a doc comment stay paragraphs.\n\nThis is the second.", ""])
        XCTAssertTrue(declaration.isReadable)
    }

    func test_a_record_reads_back_through_its_memberwise_initialiser() async throws {
        let declaration = StockEntry.recordDeclaration
        let entry = StockEntry(skuID: 7, label: "Bolts", storage: .onOrder, note: nil, weight: 0.5, isFragile: true)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: declaration.layout.size, alignment: 8)
        defer { buffer.deallocate() }
        let strings = BorrowedStrings()
        declaration.write(entry, to: buffer, lendingFrom: strings)
        XCTAssertEqual(try declaration.read(from: buffer, "value"), entry)

        declaration.write(
            StockEntry(skuID: 7, label: "Bolts", storage: .lost, note: "x", weight: -1, isFragile: false), to: buffer, lendingFrom: strings)
        XCTAssertThrowsError(try declaration.read(from: buffer, "value")) { error in
            XCTAssertEqual((error as? APIError)?.message, "value.weight is -1.0; it must not be negative.")
        }
        strings.releaseAll()
    }

    func test_a_record_declared_not_readable_is_output_only_under_its_own_name() async {
        XCTAssertEqual(StockReceipt.recordDeclaration.name, "Receipt")
        XCTAssertFalse(StockReceipt.recordDeclaration.isReadable)
    }

    func test_a_declared_enum_registers_by_its_type() async throws {
        let registry = TypeRegistry()
        try registry.register(enumeration: Storage.self, prefix: "shop")
        try registry.register(record: StockEntry.self, prefix: "shop")
        XCTAssertEqual(registry.record(named: "StockEntry")?.fields.map(\.cType)[2], "shop_storage")
    }
}
