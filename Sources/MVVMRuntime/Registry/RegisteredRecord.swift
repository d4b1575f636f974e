/// A record type as the registry knows it: its value kind and its C names.
public struct RegisteredRecord: Sendable {
    /// The `mvvm_value_kind` number.
    public let kind: Int32
    /// The C struct ("mvvm_note").
    public let cType: String
    /// The value kind's constant ("MVVM_VALUE_NOTE").
    public let cName: String
    /// The Swift type as generated code spells it ("NotesApp.Note").
    public let swiftTypeName: String
}
