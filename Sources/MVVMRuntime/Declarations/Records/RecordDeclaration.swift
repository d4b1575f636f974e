/// A record declared once, field by field, next to its model:
///
/// ```swift
/// extension Item: RecordValue {
///     public static let recordDeclaration = RecordDeclaration<Item>(
///         name: "Item", doc: "An item.",
///         fields: [.field("id", \.id), .field("title", \.title), .field("pinned", \.pinned)],
///         make: { fields in Item(id: fields["id"], title: fields["title"], pinned: fields["pinned"]) })
/// }
/// ```
///
/// From it follow the C struct (its layout by C's rules, `RecordLayout`; the generator writes
/// it into the application's header), the code that lends and borrows its C form, its fields
/// in introspection (`mvvm_record_describe()`) and the Python class built from them. `make`
/// reads the model back from C (a command argument, a host's answer), and may refuse a value
/// that is not a valid model (`throw fields.refusal("quantity", "must not be negative")`); a
/// record without one is output only, and refused where the host would pass it.
///
/// A class: each record delivered reads `Self.recordDeclaration` through the protocol, which
/// for a struct copied every field and looked up the generic struct's metadata to do it
/// (≈ 650 instructions a delivery); a class hands over one reference.
public final class RecordDeclaration<Model>: Sendable {
    /// The record's name ("Item"): its C struct is `<prefix>_<snake_case name>`.
    public let name: String
    public let doc: String
    public let fields: [RecordField<Model>]
    public let layout: RecordLayout
    let make: (@Sendable (RecordFields) throws(APIError) -> Model)?
    /// The fields compiled for writing the C form (see `RecordCFormWriter` for why).
    let cForm: RecordCFormWriter
    /// The fields' names, in order, as every read from C hands them to `make`.
    let fieldNames: [String]

    public init(
        name: String, doc: String = "", fields: [RecordField<Model>],
        make: (@Sendable (RecordFields) throws(APIError) -> Model)? = nil
    ) {
        self.name = name
        self.doc = doc
        self.fields = fields
        var kinds: [RecordFieldKind] = []
        var names: [String] = []
        kinds.reserveCapacity(fields.count)
        names.reserveCapacity(fields.count)
        for index in fields.indices {  // see `RecordCFormWriter.init` for why not `map`
            kinds.append(fields[index].kind)
            names.append(fields[index].name)
        }
        self.layout = RecordLayout(kinds)
        self.fieldNames = names
        self.make = make
        self.cForm = RecordCFormWriter(fields, layout)
    }

    // MARK: - To C

    /// Writes `model`'s C form at `base`, its strings lent from `strings` (a getter's rule:
    /// valid until the object's next getter call, its next change, or its destruction).
    @MainActor
    func write(_ model: Model, to base: UnsafeMutableRawPointer, lendingFrom strings: BorrowedStrings) {
        withUnsafePointer(to: model) { cForm.write(ofModelAt: UnsafeRawPointer($0), to: base, lendingFrom: strings) }
    }

    /// Calls `body` with `model`'s C form, its strings borrowed from the model for the call
    /// (a signal's rule). Nothing is allocated for records whose strings are native.
    func withCForm(_ model: Model, _ body: (UnsafeRawPointer) -> Void) {
        withUnsafePointer(to: model) { cForm.withCForm(ofModelAt: UnsafeRawPointer($0), body) }
    }

    // MARK: - From C

    /// Whether the host can pass this record (it has a `make`).
    public var isReadable: Bool { make != nil }

    /// The model read from the C form at `base`, checked: a NULL string (unless optional),
    /// invalid UTF-8, a bool other than 0/1 and a number that is no case of a field's enum are
    /// refused, naming `parameter` and the field; then `make` may refuse the whole.
    func read(from base: UnsafeRawPointer, _ parameter: String) throws(APIError) -> Model {
        guard let make else {
            throw .invalidArgument("\(parameter) is a \(name), which the host cannot pass: its declaration has no make.")
        }
        var values: [Value] = []
        var enumValues: [Int: any Sendable] = [:]
        values.reserveCapacity(fields.count)
        // Index loops, as in `RecordCFormWriter`: this generic code runs unspecialised, where
        // a zipped, enumerated sequence of the fields looked up type metadata per step.
        for index in fields.indices {
            let field = fields[index]
            let offset = layout.offsets[index]
            func described() -> String { "\(parameter).\(field.name)" }
            switch field.read {
            case .int64: values.append(.int64(base.loadUnaligned(fromByteOffset: offset, as: Int64.self)))
            case .int32: values.append(.int32(base.loadUnaligned(fromByteOffset: offset, as: Int32.self)))
            case .enumeration(let enumField):
                let number = base.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                do throws(APIError) {
                    enumValues[index] = try enumField.numbers.value(number)
                } catch {
                    throw .invalidArgument("\(described()): \(error.message)")
                }
                values.append(.int32(number))
            case .bool:
                let flag = base.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                guard flag == 0 || flag == 1 else { throw .invalidArgument("\(described()) is \(flag); it must be 0 or 1.") }
                values.append(.bool(flag == 1))
            case .double: values.append(.double(base.loadUnaligned(fromByteOffset: offset, as: Double.self)))
            case .string:
                let text = base.loadUnaligned(fromByteOffset: offset, as: UnsafePointer<CChar>?.self)
                values.append(.string(try MVVMRuntime.string(from: text, described())))
            case .optionalString:
                guard let text = base.loadUnaligned(fromByteOffset: offset, as: UnsafePointer<CChar>?.self) else {
                    values.append(.none)
                    continue
                }
                values.append(.string(try MVVMRuntime.string(from: text, described())))
            }
        }
        return try make(RecordFields(parameter: parameter, names: fieldNames, values: values, enumValues: enumValues))
    }
}
