/// What the C API says about one member: everything but how it reaches the ViewModel.
public struct MemberShape: Sendable {
    package enum Kind: Int32, Sendable {
        case property = 1, command, signal, list, constructor

        package var word: String {
            switch self {
            case .property: "property"
            case .command: "command"
            case .signal: "signal"
            case .list: "list"
            case .constructor: "constructor"
            }
        }
    }

    /// A parameter of a command or a constructor.
    public struct Argument: Sendable {
        package enum Kind: Sendable {
            case bool, int64, uint64, string
            /// An index into the list member named here; checked before the command runs.
            case index(of: String)
            /// A handle of an object class of the application (a repository handle).
            case object(ObjectArgument)
            /// An array of int64_t (C: a pointer and a size_t count).
            case int64Array
            case double
            /// A case of a declared enum, an int32_t; a number that is no case is refused
            /// before the command runs.
            case enumeration(EnumNumbers)
            /// A registered record (`const RECORD *` in typed functions), read with its
            /// declaration's `make`.
            case record(ValueKind)
        }

        /// How an object argument's handle becomes its object: looked up and type-checked.
        package struct ObjectArgument: Sendable {
            let resolve: @MainActor @Sendable (Runtime, OpaquePointer?) throws(APIError) -> RuntimeObject
        }

        package let name: String
        package let kind: Kind

        package var valueKind: ValueKind {
            switch kind {
            case .bool: .bool
            case .int64, .index: .int64
            case .uint64: .uint64
            case .string: .string
            case .object: .object
            case .int64Array: .int64Array
            case .double: .double
            case .enumeration: .int32
            case .record(let kind): kind
            }
        }

        /// The parameter's C type in typed functions: a record is lent by pointer.
        package var cType: CType {
            if case .record(let kind) = kind, let record = kind.record { return .lentRecord(record.cType) }
            return valueKind.cType
        }

        /// The typed function's parameters for it: one, or an int64 array's pointer and count.
        var cParameters: [CParameter] {
            guard case .int64Array = kind else { return [.input(name, cType)] }
            return [.input(name, .int64Array), .input(CName.arrayCount(of: name), .size)]
        }

        public static func bool(_ name: String) -> Self { Self(name: name, kind: .bool) }
        public static func int64(_ name: String) -> Self { Self(name: name, kind: .int64) }
        public static func uint64(_ name: String) -> Self { Self(name: name, kind: .uint64) }
        public static func string(_ name: String) -> Self { Self(name: name, kind: .string) }
        /// An index into the list member `list`: out-of-range indexes are refused before the
        /// command runs.
        public static func index(_ name: String, of list: String) -> Self { Self(name: name, kind: .index(of: list)) }
        /// A handle of a live `T`, refused with MVVM_E_INVALID_HANDLE or MVVM_E_WRONG_TYPE
        /// otherwise; the command gets the object (`Arguments.object(_:as:)`).
        public static func object<T: RuntimeObject>(_ name: String, of type: T.Type) -> Self {
            Self(name: name, kind: .object(ObjectArgument { runtime, handle throws(APIError) in try runtime.object(handle, as: T.self) }))
        }
        /// An array of int64_t (C: a pointer and a size_t count).
        public static func int64Array(_ name: String) -> Self { Self(name: name, kind: .int64Array) }
        public static func double(_ name: String) -> Self { Self(name: name, kind: .double) }
        /// A case of the declared enum `declaration` (registered before the types that use it):
        /// an int32_t holding the case's number; a number that is no case is refused with
        /// MVVM_E_INVALID_ARGUMENT. The command gets the Swift value (`Arguments.enumeration(_:)`).
        public static func enumeration<E: Sendable>(_ name: String, _ declaration: EnumDeclaration<E>) -> Self {
            Self(name: name, kind: .enumeration(EnumNumbers(declaration)))
        }
        /// A registered record `R` (`const RECORD *` in typed functions, NULL refused), read back
        /// by its declaration's `make` (which must exist); the command gets the model
        /// (`Arguments.record(_:as:)`).
        public static func record<R: RecordValue>(_ name: String, _ type: R.Type) -> Self {
            Self(name: name, kind: .record(R.valueKind))
        }
    }

    package let name: String
    package let kind: Kind
    /// Property: its value; list: its items; command: its result (`.none` if none).
    package let valueKind: ValueKind
    /// The value may be absent (`MVVM_VALUE_NONE`; NULL in typed functions).
    package let isNullable: Bool
    /// A property the host may set (`mvvm_object_set()`, and its setter command).
    package let isSettable: Bool
    /// For int32 values that are C enums: the enum's name.
    package let enumName: String?
    package let arguments: [Argument]
    /// The header's sentence(s) about the member.
    package let doc: String
    /// The typed C function: a property's getter, a command's function, a list's item
    /// getter, the constructor; nil for signals.
    package var function: String? { typedFunction.value.name }
    /// The C type of `function`, or of a signal's handler: `mvvm_type_info.functions`.
    package var cFunction: CFunctionType { typedFunction.value.type }
    /// Signals: their argument shape. Lists: their change signal's name, if any.
    package let signalShape: SignalShape?
    package let relatedName: String?
    /// Lists: the property or typed getter that counts the items.
    package let countName: String?
    /// `function` and `cFunction`, spelled when first read: introspection, the generator and
    /// messages read them, a host's calls never do (they cost a declaration half its building).
    private let typedFunction: BuiltOnFirstRead<TypedFunction>

    final class TypedFunction: Sendable {
        let name: String?
        let type: CFunctionType

        init(name: String?, type: CFunctionType) {
            self.name = name
            self.type = type
        }
    }

    init(
        name: String, kind: Kind, valueKind: ValueKind, isNullable: Bool, isSettable: Bool, enumName: String?,
        arguments: [Argument], doc: String, signalShape: SignalShape?, relatedName: String?, countName: String?,
        typedFunction: @escaping @Sendable () -> TypedFunction
    ) {
        self.name = name
        self.kind = kind
        self.valueKind = valueKind
        self.isNullable = isNullable
        self.isSettable = isSettable
        self.enumName = enumName
        self.arguments = arguments
        self.doc = doc
        self.signalShape = signalShape
        self.relatedName = relatedName
        self.countName = countName
        self.typedFunction = BuiltOnFirstRead(typedFunction)
    }

    /// The C signature `mvvm_type_describe()` reports: of `function`, or of a signal's handler.
    package var cSignature: String { cFunction.signature }

    /// Lists: "Row" for messages ("Row index 7 is out of range"), from the item getter's name.
    var itemWord: String {
        (function?.split(separator: "_get_").last.map(String.init) ?? name).capitalizedFirst
    }
}
