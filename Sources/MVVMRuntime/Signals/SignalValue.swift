import CMVVM

/// One emission's arguments. Pointers inside are borrowed for the duration of the emission.
/// A string and a record are both one pointer in C (`const char *`, `const mvvm_note *`): the
/// same argument here.
enum SignalValue {
    case int32(Int32)
    case int64(Int64)
    case pointer(UnsafeRawPointer?)
    case changes(UnsafePointer<mvvm_list_change>?, Int)
    case int32AndObject(Int32, OpaquePointer?)
}
