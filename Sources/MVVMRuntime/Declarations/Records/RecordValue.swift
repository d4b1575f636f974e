import CMVVM

/// A model the C API carries as a C struct of its own: a record (a `Item` as a `app_item`).
/// The model declares its fields once (`recordDeclaration`) and the application registers it
/// (`TypeRegistry.register(record:prefix:)`); from then on it is a value kind: a property, a
/// list item, a command argument or result, an event argument, in `mvvm_value` and in typed
/// functions.
///
/// `mvvm_value` carries a record inline, in its union (at most `mvvm_value`'s union size, 64
/// bytes: eight 8-byte fields; registration refuses a larger one); signal handlers get a
/// pointer to it.
public protocol RecordValue: Sendable, Equatable {
    static var recordDeclaration: RecordDeclaration<Self> { get }
}

extension RecordValue {
    /// What an `@Record`'s `make` returns for the model built from the host's fields: `model`
    /// itself. A record declares its own to refuse an invalid value
    /// (`throw fields.refusal("id", "is 0; …")`).
    public static func validatedRecord(_ model: Self, fields: RecordFields) throws(APIError) -> Self { model }

    /// This record type's value kind.
    public static var valueKind: ValueKind { .record(Self.self) }

    /// `valueKind`, from a value (for `Value.kind` on an existential).
    var recordKind: ValueKind { Self.valueKind }

    /// Equality across record types (`Value`'s `==`): false for records of another type
    /// (`exactCast`: the notify rule compares each record announced, so no general cast).
    func isEqual(to other: any RecordValue) -> Bool {
        guard let other = exactCast(other, to: Self.self) else { return false }
        return self == other
    }

    /// The C form as the untyped pointer a signal passes, valid during `body`.
    func withSignalPointer(_ body: (UnsafeRawPointer) -> Void) {
        Self.recordDeclaration.withCForm(self, body)
    }

    /// Writes the C form at `base`, its strings lent from `strings`.
    @MainActor func write(to base: UnsafeMutableRawPointer, lendingFrom strings: BorrowedStrings) {
        Self.recordDeclaration.write(self, to: base, lendingFrom: strings)
    }

    /// Stores the C form in `value`'s union, its strings lent from `strings`.
    @MainActor func store(in value: inout mvvm_value, lendingFrom strings: BorrowedStrings) {
        value.kind = Self.valueKind.rawValue
        withUnsafeMutableBytes(of: &value.as) { write(to: $0.baseAddress!, lendingFrom: strings) }
    }

    /// The record read from the C form at `base` (see `RecordDeclaration.read`).
    static func read(from base: UnsafeRawPointer, _ parameter: String) throws(APIError) -> any RecordValue {
        try recordDeclaration.read(from: base, parameter)
    }
}
