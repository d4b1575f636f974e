/// The C type of one field of a record's struct: what `RecordField` builders infer from the
/// Swift type a field reads (`Int`/`Int64` → `int64_t`, `Int32` → `int32_t`, `Bool` → `int32_t`
/// 0/1, `Double` → `double`, `String` → `const char *`, `String?` → a nullable `const char *`,
/// a declared enum → its C enum, an `int32_t` in size).
public enum RecordFieldKind: Sendable, Equatable {
    case int64
    case int32
    case bool
    case double
    case string
    /// A `const char *` that is NULL when the Swift value is nil.
    case optionalString
    /// The C enum of the declared enum named here (`EnumDeclaration.name`).
    case enumeration(String)

    /// The field's size and alignment in C (LP64), which are equal for every kind.
    var size: Int {
        switch self {
        case .int32, .bool, .enumeration: 4
        case .int64, .double, .string, .optionalString: 8
        }
    }

    /// The value kind introspection reports for the field (`mvvm_record_field.kind`).
    var valueKind: ValueKind {
        switch self {
        case .int64: .int64
        case .int32, .enumeration: .int32
        case .bool: .bool
        case .double: .double
        case .string, .optionalString: .string
        }
    }

    /// The field's type in the C struct, but for an enum: its C enum's name follows from the
    /// application's prefix (`RegisteredRecord.Field.cType`).
    public var cType: String {
        switch self {
        case .int64: "int64_t"
        case .int32, .bool, .enumeration: "int32_t"
        case .double: "double"
        case .string, .optionalString: "const char *"
        }
    }

    var isNullable: Bool { self == .optionalString }
}
