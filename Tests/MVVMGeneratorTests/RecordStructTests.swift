import MVVMRuntime
import XCTest

@testable import MVVMGenerator

/// How the generator writes a record's C struct into the application's header: an enum field
/// as its C enum, and each kind's C fact added to a field's doc only when the doc does not
/// already say it.
final class RecordStructTests: XCTestCase {
    enum Size: Sendable, Equatable {
        case small, large
        static let declaration = EnumDeclaration<Size>(name: "Size", cases: [.case("small", .small), .case("large", .large)])
    }

    struct Parcel: RecordValue, Equatable {
        var size: Size
        var fragile: Bool
        var label: String?
        var note: String?

        static let recordDeclaration = RecordDeclaration<Self>(
            name: "Parcel",
            fields: [
                .field("size", \.size, Size.declaration, doc: "How big."), .field("fragile", \.fragile),
                .field("label", \.label, doc: "The label; NULL when there is none."), .field("note", \.note),
            ])
    }

    private func header() throws -> String {
        let registry = TypeRegistry()
        try registry.register(enumeration: Size.declaration, prefix: "post")
        try registry.register(record: Parcel.self, prefix: "post")
        return ApplicationHeader.recordStruct(try XCTUnwrap(registry.record(named: "Parcel")))
    }

    func test_an_enum_field_is_declared_with_its_c_enum() throws {
        let text = try header()
        XCTAssertTrue(text.contains("    post_size size;\n"), text)
    }

    func test_a_fields_c_fact_is_added_once() throws {
        let text = try header()
        XCTAssertTrue(text.contains("/** 0/1. */\n    int32_t fragile;"), text)
        XCTAssertTrue(text.contains("/** The label; NULL when there is none. */\n    const char *label;"), text)
        XCTAssertTrue(text.contains("/** NULL when absent. */\n    const char *note;"), text)
        XCTAssertFalse(text.contains("none. NULL when absent"), text)
    }
}
