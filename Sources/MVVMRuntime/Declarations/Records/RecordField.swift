/// One field of a record: its C name, its kind and how it is read from the model.
///
/// Written with the builder for its Swift type, from a key path or a closure:
/// `.field("id", \.id)`, `.field("author_name", { $0.author.name })`. The kind follows from the
/// type the read returns, so a field states its name and its source once.
public struct RecordField<Model>: Sendable {
    /// The C struct member's name (snake_case), also the Python attribute's.
    public let name: String
    public let doc: String
    let read: Read

    /// How the field is read, by kind.
    enum Read: Sendable {
        case int64(@Sendable (Model) -> Int64)
        case int32(@Sendable (Model) -> Int32)
        case bool(@Sendable (Model) -> Bool)
        case double(@Sendable (Model) -> Double)
        case string(@Sendable (Model) -> String)
        case optionalString(@Sendable (Model) -> String?)
        /// A declared enum: its case's number, and the enum it is a case of.
        case enumeration(RecordEnumField<Model>)
    }

    public var kind: RecordFieldKind {
        switch read {
        case .int64: .int64
        case .int32: .int32
        case .bool: .bool
        case .double: .double
        case .string: .string
        case .optionalString: .optionalString
        case .enumeration(let field): .enumeration(field.numbers.enumName)
        }
    }

    private init(_ name: String, _ doc: String, _ read: Read) {
        self.name = name
        self.doc = doc
        self.read = read
    }

    /// An `int64_t` field (a Swift `Int`).
    public static func field(_ name: String, _ read: @escaping @Sendable (Model) -> Int, doc: String = "") -> Self {
        Self(name, doc, .int64 { Int64(read($0)) })
    }

    public static func field(_ name: String, _ read: @escaping @Sendable (Model) -> Int64, doc: String = "") -> Self {
        Self(name, doc, .int64(read))
    }

    public static func field(_ name: String, _ read: @escaping @Sendable (Model) -> Int32, doc: String = "") -> Self {
        Self(name, doc, .int32(read))
    }

    /// An `int32_t` field holding 0 or 1.
    public static func field(_ name: String, _ read: @escaping @Sendable (Model) -> Bool, doc: String = "") -> Self {
        Self(name, doc, .bool(read))
    }

    public static func field(_ name: String, _ read: @escaping @Sendable (Model) -> Double, doc: String = "") -> Self {
        Self(name, doc, .double(read))
    }

    /// A `const char *` field, never NULL.
    public static func field(_ name: String, _ read: @escaping @Sendable (Model) -> String, doc: String = "") -> Self {
        Self(name, doc, .string(read))
    }

    /// A `const char *` field, NULL for nil.
    public static func field(_ name: String, _ read: @escaping @Sendable (Model) -> String?, doc: String = "") -> Self {
        Self(name, doc, .optionalString(read))
    }

    /// A field holding a case of the declared enum `enumeration` (`EnumDeclaration`, registered
    /// before the record): its C enum type in the struct, an `IntEnum` in Python. Read back
    /// from C, a number that is no case of it is refused (MVVM_E_INVALID_ARGUMENT naming the
    /// field and the cases).
    public static func field<E: Sendable>(
        _ name: String, _ read: @escaping @Sendable (Model) -> E, _ enumeration: EnumDeclaration<E>, doc: String = ""
    ) -> Self {
        Self(name, doc, .enumeration(RecordEnumField(enumeration, read)))
    }
}

extension RecordField {
    /// A field holding a `DeclaredEnum` (an `@Enumeration`): `field(_:_:_:doc:)` with the
    /// enum's own declaration.
    public static func field<E: DeclaredEnum>(_ name: String, _ read: @escaping @Sendable (Model) -> E, doc: String = "") -> Self {
        field(name, read, E.declaration, doc: doc)
    }

    /// `field(_:_:doc:)` for a `DeclaredEnum` only: what `@Record` writes for a property of a
    /// named type that is none of the built-in kinds, so that a type that is not an
    /// `@Enumeration` is refused saying it must conform to `DeclaredEnum`.
    public static func enumerationField<E: DeclaredEnum>(_ name: String, _ read: @escaping @Sendable (Model) -> E, doc: String = "") -> Self {
        field(name, read, E.declaration, doc: doc)
    }
}

/// A record field's enum: how the model's value becomes its number, and a number from C
/// becomes the value again (checked).
struct RecordEnumField<Model>: Sendable {
    let numbers: EnumNumbers
    let number: @Sendable (Model) -> Int32

    init<E: Sendable>(_ declaration: EnumDeclaration<E>, _ read: @escaping @Sendable (Model) -> E) {
        numbers = EnumNumbers(declaration)
        number = { declaration.number(of: read($0)) }
    }
}
