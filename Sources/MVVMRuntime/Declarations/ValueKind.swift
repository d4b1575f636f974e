import CMVVM

/// `mvvm_value_kind`: the kinds of `Value`, with the header's numbers. The framework's own
/// kinds are constants here; a record kind (a `RecordValue` the application registers) gets its
/// number at registration (`TypeRegistry.register(record:cType:cName:)`), from the record slots
/// 7, 8, 9, 12, 13, ... (10 and 11 were the framework's before records were declarable).
public struct ValueKind: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init?(rawValue: Int32) {
        guard Self.builtIn(rawValue) != nil || TypeRegistry.shared.record(kind: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    private init(builtIn rawValue: Int32) { self.rawValue = rawValue }

    /// A registered record's kind (see `TypeRegistry.register(record:cType:cName:)`).
    init(record rawValue: Int32) { self.rawValue = rawValue }

    public static let none = ValueKind(builtIn: 0)
    public static let bool = ValueKind(builtIn: 1)
    public static let int32 = ValueKind(builtIn: 2)
    public static let int64 = ValueKind(builtIn: 3)
    public static let uint64 = ValueKind(builtIn: 4)
    public static let double = ValueKind(builtIn: 5)
    public static let string = ValueKind(builtIn: 6)
    public static let object = ValueKind(builtIn: 10)
    public static let int64Array = ValueKind(builtIn: 11)

    /// A built-in kind's header name and C type; nil for any other number. A switch, not a
    /// table: reading it builds nothing (a dictionary of them cost a C host's first page its
    /// hashing and its storage's type metadata).
    private static func builtIn(_ rawValue: Int32) -> (cName: String, cType: CType)? {
        switch rawValue {
        case 0: ("MVVM_VALUE_NONE", .void)
        case 1: ("MVVM_VALUE_BOOL", .int32)
        case 2: ("MVVM_VALUE_INT32", .int32)
        case 3: ("MVVM_VALUE_INT64", .int64)
        case 4: ("MVVM_VALUE_UINT64", .uint64)
        case 5: ("MVVM_VALUE_DOUBLE", .double)
        case 6: ("MVVM_VALUE_STRING", .string)
        case 10: ("MVVM_VALUE_OBJECT", .object)
        case 11: ("MVVM_VALUE_INT64_ARRAY", .int64Array)
        default: nil
        }
    }

    /// The kind of the record type `R`, which the application registered.
    public static func record<R: RecordValue>(_ type: R.Type) -> ValueKind {
        guard let record = TypeRegistry.shared.record(of: type) else {
            preconditionFailure("\(String(reflecting: type)) is not a registered record: register it before the declarations that use it")
        }
        return ValueKind(record: record.kind)
    }

    /// The registered record of this kind, if it is one.
    package var record: RegisteredRecord? { TypeRegistry.shared.record(kind: rawValue) }

    public var isRecord: Bool { record != nil }

    /// The header's name of the kind, for messages ("MVVM_VALUE_STRING").
    public var cName: String { Self.builtIn(rawValue)?.cName ?? record?.cName ?? "kind \(rawValue)" }

    /// The C type of a value of this kind: `int32_t` (bools too, 0/1), `const char *`, a
    /// record's struct (by value), ...
    public var cType: CType {
        if let builtIn = Self.builtIn(rawValue) { return builtIn.cType }
        return record.map { CType(.record, name: $0.cType) } ?? .void
    }

    public var description: String { cName }

    /// The argument shape of a "notify::" signal announcing a property of this kind.
    var signalShape: SignalShape {
        switch self {
        case .bool, .int32: return .int32
        case .int64: return .int64
        case .string: return .string
        default:
            guard let record else { preconditionFailure("no property of kind \(cName) has a notify signal") }
            return .record(cType: record.cType)
        }
    }
}
