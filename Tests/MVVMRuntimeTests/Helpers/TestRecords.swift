import MVVMRuntime

/// Records for registry tests: small ones, and one whose C form is too large for
/// `mvvm_value`'s union.
struct SmallRecord: RecordValue, Equatable {
    let id: Int64
    static let recordDeclaration = RecordDeclaration<Self>(name: "Small", fields: [.field("id", \.id)])
}

struct OtherRecord: RecordValue, Equatable {
    let id: Int64
    static let recordDeclaration = RecordDeclaration<Self>(name: "Other", fields: [.field("id", \.id)])
}

struct ThirdRecord: RecordValue, Equatable {
    let id: Int64
    static let recordDeclaration = RecordDeclaration<Self>(name: "Third", fields: [.field("id", \.id)])
}

struct FourthRecord: RecordValue, Equatable {
    let id: Int64
    static let recordDeclaration = RecordDeclaration<Self>(name: "Fourth", fields: [.field("id", \.id)])
}

struct OversizedRecord: RecordValue, Equatable {
    let id: Int64
    /// Nine 8-byte fields: one more than `mvvm_value`'s union holds.
    static let recordDeclaration = RecordDeclaration<Self>(
        name: "Oversized", fields: (1...9).map { number in .field("f\(number)", \.id) })
}

/// A record of every field kind, readable back from C.
struct EveryKindRecord: RecordValue, Equatable {
    var id: Int
    var count: Int32
    var flag: Bool
    var ratio: Double
    var title: String
    var note: String?

    static let recordDeclaration = RecordDeclaration<Self>(
        name: "EveryKind", doc: "One field of each kind.",
        fields: [
            .field("id", \.id), .field("count", \.count), .field("flag", \.flag), .field("ratio", \.ratio),
            .field("title", \.title), .field("note", \.note),
        ],
        make: { fields in
            EveryKindRecord(
                id: fields["id"], count: fields["count"], flag: fields["flag"], ratio: fields["ratio"],
                title: fields["title"], note: fields["note"])
        })
}

/// An enum held by a record field (`StockedItem.shelf`).
enum Shelf: Sendable, Equatable {
    case top, middle, bottom

    static let declaration = EnumDeclaration<Shelf>(
        name: "Shelf", cases: [.case("top", .top), .case("middle", .middle), .case("bottom", .bottom, number: 7)])
}

/// A record with an enum field whose `make` refuses a negative quantity.
struct StockedItem: RecordValue, Equatable {
    var quantity: Int
    var shelf: Shelf

    static let recordDeclaration = RecordDeclaration<Self>(
        name: "StockedItem", fields: [.field("quantity", \.quantity), .field("shelf", \.shelf, Shelf.declaration)],
        make: { fields throws(APIError) in
            let quantity: Int = fields["quantity"]
            guard quantity >= 0 else { throw fields.refusal("quantity", "is \(quantity); it must not be negative.") }
            return StockedItem(quantity: quantity, shelf: fields[enumField: "shelf"])
        })
}
