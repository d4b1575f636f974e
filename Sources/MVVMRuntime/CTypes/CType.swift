/// A C type as the API's functions and handlers use it: a base type, how many pointers lead to
/// it, and whether what they point at is const. The one model of a C type that the registry,
/// the introspection answers (`mvvm_c_parameter`), the generator and the Python package read;
/// `spelling` is the one place that writes it as C text.
public struct CType: Hashable, Sendable, CustomStringConvertible {
    /// `mvvm_c_base`, with the header's numbers.
    public enum Base: Int32, Sendable {
        case void = 0, status, int32, int64, uint64, size, double
        /// `char`: strings are `const char *` (UTF-8, NUL-terminated).
        case char
        /// `mvvm_object`: handles are `mvvm_object *`.
        case object
        /// An application's record struct (`name`).
        case record
        /// `mvvm_list_change`.
        case listChange
        /// `mvvm_destroy_notify`, a function pointer.
        case destroyNotify
        /// A host interface's function table (`name`).
        case vtable
        /// `mvvm_request`: requests are `mvvm_request *`.
        case request
        /// An application's versioned options struct (`name`), `uint32_t struct_size` first.
        case options
    }

    public let base: Base
    /// The struct's C name for `.record`, `.vtable` and `.options`; nil otherwise.
    public let name: String?
    /// The number of `*`s: `const char *` is 1, `const char **` 2.
    public let pointers: Int
    /// What the innermost pointer points at is const (`const char *`, `const app_item *`).
    public let isConst: Bool

    public init(_ base: Base, name: String? = nil, pointers: Int = 0, isConst: Bool = false) {
        precondition([.record, .vtable, .options].contains(base) == (name != nil), "a record, table or options type is named, no other")
        self.base = base
        self.name = name
        self.pointers = pointers
        self.isConst = isConst
    }

    public static let void = CType(.void)
    public static let status = CType(.status)
    public static let int32 = CType(.int32)
    public static let int64 = CType(.int64)
    public static let uint64 = CType(.uint64)
    public static let size = CType(.size)
    public static let double = CType(.double)
    /// `const char *`.
    public static let string = CType(.char, pointers: 1, isConst: true)
    /// `mvvm_object *`.
    public static let object = CType(.object, pointers: 1)
    /// `mvvm_request *`.
    public static let request = CType(.request, pointers: 1)
    /// `void *` (user data).
    public static let userData = CType(.void, pointers: 1)
    public static let destroyNotify = CType(.destroyNotify)
    /// `const int64_t *`.
    public static let int64Array = CType(.int64, pointers: 1, isConst: true)
    /// `const mvvm_list_change *`.
    public static let listChanges = CType(.listChange, pointers: 1, isConst: true)

    /// `const RECORD *`: a record lent to the callee.
    public static func lentRecord(_ cType: String) -> CType { CType(.record, name: cType, pointers: 1, isConst: true) }
    /// `const TABLE *`: a host's function table.
    public static func vtable(_ cType: String) -> CType { CType(.vtable, name: cType, pointers: 1, isConst: true) }

    /// `const OPTIONS *`: an options struct lent to the callee.
    public static func options(_ cType: String) -> CType { CType(.options, name: cType, pointers: 1, isConst: true) }

    /// The type one more pointer away: what an out-parameter of this type is.
    public var pointer: CType { CType(base, name: name, pointers: pointers + 1, isConst: isConst) }

    /// How C spells the type: "int32_t", "const char **", "mvvm_object *", "const app_item *".
    public var spelling: String {
        let word =
            switch base {
            case .void: "void"
            case .status: "mvvm_status"
            case .int32: "int32_t"
            case .int64: "int64_t"
            case .uint64: "uint64_t"
            case .size: "size_t"
            case .double: "double"
            case .char: "char"
            case .object: "mvvm_object"
            case .listChange: "mvvm_list_change"
            case .destroyNotify: "mvvm_destroy_notify"
            case .request: "mvvm_request"
            case .record, .vtable, .options: name!
            }
        let head = isConst ? "const " + word : word
        return pointers == 0 ? head : head + " " + String(repeating: "*", count: pointers)
    }

    public var description: String { spelling }
}
