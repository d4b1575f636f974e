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
    /// The fields in C order: name, kind, doc.
    public let fields: [(name: String, kind: RecordFieldKind, doc: String)]
    public let layout: RecordLayout
    /// Whether the host can pass it (its declaration has a `make`).
    public let isReadable: Bool
    /// The record read from its C form (see `RecordDeclaration.read`).
    let read: @Sendable (UnsafeRawPointer, String) throws(APIError) -> any RecordValue

    init<R: RecordValue>(_ type: R.Type, kind: Int32, cType: String, cName: String) {
        let declaration = R.recordDeclaration
        self.kind = kind
        self.name = declaration.name
        self.cType = cType
        self.cName = cName
        self.type = type
        self.doc = declaration.doc
        self.fields = declaration.fields.map { ($0.name, $0.kind, $0.doc) }
        self.layout = declaration.layout
        self.isReadable = declaration.isReadable
        self.read = { base, parameter throws(APIError) in try R.read(from: base, parameter) }
    }
}
