import CMVVM

/// A model the C API carries as a C struct of its own: a record (a `Note` model as a
/// `mvvm_note`). The application conforms its model and registers it
/// (`TypeRegistry.register(record:cType:cName:)`); from then on it is a value kind: a property,
/// a list item, a command result or an event argument, in `mvvm_value` and in typed functions.
///
/// The framework never names a field: it stores the struct's bytes where `mvvm_value`'s union
/// holds it (the union has a member of every record type, so the struct fits; registration
/// checks it) and passes a pointer to it to signal handlers.
public protocol RecordValue: Sendable, Equatable {
    /// The record's C struct, as the header declares it (`mvvm_note`).
    associatedtype CForm

    /// Calls `body` with the C form; its strings are valid only during `body` (what a signal
    /// handler gets).
    func withCForm(_ body: (UnsafePointer<CForm>) -> Void)

    /// The C form with its strings lent from `strings` (what a getter hands out: valid until
    /// the object's next getter call, its next change, or its destruction).
    @MainActor func cForm(lendingFrom strings: BorrowedStrings) -> CForm
}

extension RecordValue {
    /// This record type's value kind.
    public static var valueKind: ValueKind { .record(Self.self) }

    /// `valueKind`, from a value (for `Value.kind` on an existential).
    var recordKind: ValueKind { Self.valueKind }

    /// Equality across record types (`Value`'s `==`): false for records of another type.
    func isEqual(to other: any RecordValue) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }

    /// `withCForm` as the untyped pointer a signal passes.
    func withSignalPointer(_ body: (UnsafeRawPointer) -> Void) {
        withCForm { body(UnsafeRawPointer($0)) }
    }

    /// Stores the C form in `value`'s union, its strings lent from `strings`.
    @MainActor func store(in value: inout mvvm_value, lendingFrom strings: BorrowedStrings) {
        let form = cForm(lendingFrom: strings)
        value.kind = Self.valueKind.rawValue
        withUnsafeMutableBytes(of: &value.as) { $0.storeBytes(of: form, as: CForm.self) }
    }
}
