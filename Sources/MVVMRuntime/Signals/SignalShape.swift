import CFFI
import CMVVM

/// The C arguments a signal passes between the object and user_data. Each shape has one
/// exact C function type, used on the default (direct) path, and a libffi description of its
/// arguments, used for the other layouts.
public enum SignalShape: Sendable, Equatable {
    /// (mvvm_object *, int32_t, void *)
    case int32
    /// (mvvm_object *, int64_t, void *)
    case int64
    /// (mvvm_object *, const char *, void *)
    case string
    /// (mvvm_object *, const RECORD *, void *): a registered record, by its C struct's name.
    case record(cType: String)
    /// (mvvm_object *, const mvvm_list_change *, size_t, void *)
    case changes
    /// (mvvm_object *, int32_t, mvvm_object *, void *): a code and a handle (what happened to
    /// which object, such as a navigation).
    case int32AndObject

    /// The handler's C type in the default layout (MVVM_CONNECT_DEFAULT).
    public var handler: CFunctionType { .handler(arguments) }

    /// The handler's C type as the header spells it: "void (*)(mvvm_object *, int32_t, void *)".
    var cSignature: String { handler.signature }

    /// The arguments between the object and user_data; what they point at is lent for the call.
    private var arguments: [CParameter] {
        switch self {
        case .int32: [.input("value", .int32)]
        case .int64: [.input("value", .int64)]
        case .string: [.input("value", .string)]
        case .record(let cType): [.input("value", .lentRecord(cType))]
        case .changes: [.input("changes", .listChanges), .input("count", .size)]
        case .int32AndObject: [.input("code", .int32), .input("subject", .object)]
        }
    }

    /// libffi types of the arguments between the object and user_data.
    var ffiArgumentTypes: [UnsafeMutablePointer<ffi_type>] {
        switch self {
        case .int32: return [cffi_type_sint32()]
        case .int64: return [cffi_type_sint64()]
        case .string, .record: return [cffi_type_pointer()]
        case .changes: return [cffi_type_pointer(), cffi_type_uint64()]
        case .int32AndObject: return [cffi_type_sint32(), cffi_type_pointer()]
        }
    }
}
