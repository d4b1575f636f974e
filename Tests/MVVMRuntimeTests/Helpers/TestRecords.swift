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
