/// One parameter of a C function or handler: its name, its type, which way it goes and who
/// owns what it points at (`mvvm_c_parameter`).
public struct CParameter: Hashable, Sendable {
    /// `mvvm_c_direction`.
    public enum Direction: Int32, Sendable {
        /// Passed to the callee.
        case input = 0
        /// The callee writes `*parameter` (on success only).
        case output = 1
    }

    /// `mvvm_c_ownership`: for pointers, how long what they point at lives.
    public enum Ownership: Int32, Sendable {
        /// A plain value (numbers, handles passed in, user data, the function pointer).
        case value = 0
        /// Lent for the call: the callee copies what it keeps (strings, records, tables in;
        /// a handler's strings, records and change sets).
        case lent = 1
        /// Written by the call into storage the library keeps (a getter's string, the strings
        /// of a record it fills): valid as the function's documentation says.
        case borrowed = 2
        /// Written by the call and owned by the caller from then on (a new object's handle:
        /// `mvvm_object_destroy()` it).
        case owned = 3
    }

    public let name: String
    public let type: CType
    public let direction: Direction
    public let ownership: Ownership

    public init(_ name: String, _ type: CType, direction: Direction = .input, ownership: Ownership = .value) {
        self.name = name
        self.type = type
        self.direction = direction
        self.ownership = ownership
    }

    /// An input: lent when it is a pointer to data, a plain value otherwise.
    public static func input(_ name: String, _ type: CType) -> Self {
        let lends = type.pointers > 0 && type.isConst
        return Self(name, type, ownership: lends ? .lent : .value)
    }

    /// An out-parameter whose written value is `type`: a plain value for numbers, borrowed
    /// for strings, records and handles (the library's; a list's object stays the list's),
    /// owned for a new object's handle.
    public static func output(_ name: String, _ type: CType, owned: Bool = false) -> Self {
        let ownership: Ownership =
            owned ? .owned : [.char, .record, .object].contains(type.base) ? .borrowed : .value
        return Self(name, type.pointer, direction: .output, ownership: ownership)
    }

    /// "const char *name", "int64_t index".
    public var declaration: String {
        let spelling = type.spelling
        return spelling.hasSuffix("*") ? spelling + name : spelling + " " + name
    }
}

/// A C function type: what it returns and its parameters, in order (`mvvm_c_function`).
public struct CFunctionType: Hashable, Sendable {
    public let result: CType
    public let parameters: [CParameter]

    public init(result: CType, parameters: [CParameter]) {
        self.result = result
        self.parameters = parameters
    }

    /// `mvvm_status NAME(parameters)`: every function of the API.
    public static func function(_ parameters: [CParameter]) -> Self { Self(result: .status, parameters: parameters) }

    /// `void handler(mvvm_object *object, arguments..., void *user_data)`: a signal's handler
    /// in the MVVM_CONNECT_DEFAULT layout; what it is handed is lent for the call.
    public static func handler(_ arguments: [CParameter]) -> Self {
        Self(result: .void, parameters: [.input("object", .object)] + arguments + [.input("user_data", .userData)])
    }

    /// A struct field holding a pointer to such a function: "void (*NAME)(void *user_data, ...)".
    public func field(_ name: String) -> String {
        "\(result.spelling) (*\(name))(\(parameters.map(\.declaration).joined(separator: ", ")))"
    }

    /// The type as `mvvm_member_info.c_signature` writes it: "mvvm_status (*)(mvvm_object *, int64_t)".
    public var signature: String {
        "\(result.spelling) (*)(\(parameters.map(\.type.spelling).joined(separator: ", ")))"
    }
}
