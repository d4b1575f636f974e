/// A record type as the registry knows it: its value kind, its C names and its declaration's
/// facts, without its Swift type (introspection, the generator, `Value(copying:)`).
public struct RegisteredRecord: Sendable {
    /// The `mvvm_value_kind` number.
    public let kind: Int32
    /// The record's name ("Item").
    public let name: String
    /// The C struct ("app_item").
    public let cType: String
    /// The value kind's constant ("APP_VALUE_ITEM").
    public let cName: String
    /// The Swift type as generated code spells it ("ItemsApp.Item"): asked for by the generator
    /// and error messages only, so it is not spelled at registration (spelling a type runs the
    /// runtime's demangler and printer, which every host's start would otherwise page in).
    public var swiftTypeName: String { String(reflecting: type) }
    private let type: any RecordValue.Type
    public let doc: String
    /// One field as the header and introspection describe it.
    public struct Field: Sendable {
        public let name: String
        public let kind: RecordFieldKind
        public let doc: String
        /// The C enum type of an enum field ("app_priority"), else nil.
        public let enumCType: String?

        /// The field's type in the C struct.
        public var cType: String { enumCType ?? kind.cType }
    }

    /// The fields in C order.
    public let fields: [Field]
    public let layout: RecordLayout
    /// Whether the host can pass it (its declaration has a `make`).
    public let isReadable: Bool
    /// The record read from its C form (see `RecordDeclaration.read`).
    let read: @Sendable (UnsafeRawPointer, String) throws(APIError) -> any RecordValue

    /// `enumCTypes`: the C type of each enum a field holds, by the enum's name.
    init<R: RecordValue>(_ type: R.Type, kind: Int32, cType: String, cName: String, enumCTypes: [String: String]) {
        let declaration = R.recordDeclaration
        self.kind = kind
        self.name = declaration.name
        self.cType = cType
        self.cName = cName
        self.type = type
        self.doc = declaration.doc
        self.fields = declaration.fields.map { field in
            var enumCType: String?
            if case .enumeration(let name) = field.kind { enumCType = enumCTypes[name] }
            return Field(name: field.name, kind: field.kind, doc: field.doc, enumCType: enumCType)
        }
        self.layout = declaration.layout
        self.isReadable = declaration.isReadable
        self.read = { base, parameter throws(APIError) in try R.read(from: base, parameter) }
    }
}
