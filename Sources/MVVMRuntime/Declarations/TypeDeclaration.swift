import CMVVM

/// One exported type, declared once (see `Declarations/`): its properties, commands, lists,
/// events and constructor. Everything the C API and its bindings know of the type follows
/// from it: the signal table, `mvvm_type_describe()`, the generic entry points
/// (`mvvm_object_get` …) and, through `mvvm-generate`, the typed C functions, their header
/// section and the plug-in table.
///
/// This base class is the type-erased description, immutable and safe on any thread; the
/// generic subclass `ViewModelDeclaration` adds how each member reaches the ViewModel.
class TypeDeclaration: @unchecked Sendable {
    /// The `mvvm_type` number: the header's enum is generated from it, so it never changes.
    let type: mvvm_type
    /// "UserList": the name `mvvm_type_describe()` gives and Python's class name.
    let name: String
    /// "user_list": the C prefix of the typed functions (`mvvm_user_list_…`).
    let cPrefix: String
    /// The name of the object parameter of the typed functions ("vm", "coordinator").
    let handleName: String
    /// The header's paragraph about the type.
    let summary: String
    /// Members in `mvvm_type_describe()` order; a member id is an index here.
    let members: [MemberShape]
    /// Signals in signal-index order: property notifications (property order), list change
    /// signals, then events.
    let signals: [SignalSpec]

    /// How each member reaches its object, parallel to `members` (empty for types without
    /// declared access, such as repositories). Non-generic on purpose: the generic entry
    /// points and the typed functions call through it without unspecialised generic code.
    /// One array per kind of access (rather than one of structs) so that a call loads one
    /// closure, and retains one context, not five.
    /// Each closure sits in a one-field struct: a function stored directly as an array
    /// element is kept at maximal abstraction and called through a reabstraction thunk.
    private let readers: [StoredRead?]
    private let writers: [StoredWrite?]
    private let runners: [StoredRun?]
    private let counters: [StoredCount?]
    private let itemReaders: [StoredItem?]
    /// `members[i].kind`, `.valueKind` and `.isNullable`, kept apart so that the per-call
    /// checks read a word rather than copy a member's shape.
    private let kinds: [MemberShape.Kind]
    private let valueKinds: [ValueKind]
    private let nullables: [Bool]

    init(
        type: mvvm_type, name: String, cPrefix: String, handleName: String, summary: String, members: [MemberShape],
        accessors: [MemberAccess] = []
    ) {
        self.type = type
        self.name = name
        self.cPrefix = cPrefix
        self.handleName = handleName
        self.summary = summary
        self.members = members
        readers = accessors.map { $0.read.map(StoredRead.init) }
        writers = accessors.map { $0.write.map(StoredWrite.init) }
        runners = accessors.map { $0.run.map(StoredRun.init) }
        counters = accessors.map { $0.count.map(StoredCount.init) }
        itemReaders = accessors.map { $0.item.map(StoredItem.init) }
        kinds = members.map(\.kind)
        valueKinds = members.map(\.valueKind)
        nullables = members.map(\.isNullable)
        signals = members.compactMap { member in
            guard member.kind == .signal, let shape = member.signalShape else { return nil }
            return SignalSpec(name: member.name, shape: shape, isPropertyNotification: member.name.hasPrefix("notify::"))
        }
        var seen = Set<String>()
        for member in members {
            precondition(seen.insert(member.name).inserted, "\(name) declares \"\(member.name)\" twice")
        }
        precondition(accessors.isEmpty || accessors.count == members.count, "one accessor per member")
        precondition(signals.count <= 64, "pending properties are a 64-bit mask")
    }

    /// The member named `name`, if any.
    func memberID(named name: String) -> Int? {
        members.firstIndex { $0.name == name }
    }

    /// Checks that `id` is a member of `kind` (cheaply; the message is built only on failure).
    @inline(__always)
    private func check(_ id: Int, is kind: MemberShape.Kind) throws(APIError) {
        guard id >= 0, id < kinds.count, kinds[id] == kind, id < readers.count else { throw memberError(id, kind) }
    }

    private func memberError(_ id: Int, _ kind: MemberShape.Kind) -> APIError {
        guard members.indices.contains(id) else {
            let ids = members.isEmpty ? "it has no members" : "its ids are 0...\(members.count - 1) (see mvvm_type_describe())"
            return APIError(MVVM_E_UNKNOWN_NAME, "A \(name) has no member \(id): \(ids).")
        }
        return .invalidArgument("Member \(id) of \(name) (\"\(members[id].name)\") is a \(members[id].kind.word), not a \(kind.word).")
    }

    // MARK: - Access

    @MainActor func read(_ member: Int, of object: RuntimeObject) throws(APIError) -> Value {
        try check(member, is: .property)
        return try readers[member]!.function(object)
    }

    @MainActor func write(_ member: Int, of object: RuntimeObject, _ value: Value) throws(APIError) {
        try check(member, is: .property)
        guard let write = writers[member]?.function else {
            throw APIError(MVVM_E_STATE, "\(name).\(members[member].name) is read-only.")
        }
        let kind = valueKinds[member]
        guard value.kind == kind || (nullables[member] && value.kind == .none) else {
            throw Self.kindError(value, kind, nullable: nullables[member], "\(name).\(members[member].name)")
        }
        try write(object, value)
    }

    @MainActor func invoke(_ member: Int, of object: RuntimeObject, _ arguments: [Value]) throws(APIError) -> Value {
        try check(member, is: .command)
        let checked = try checkArguments(arguments, of: member, object: object)
        return try runners[member]!.function(object, checked)
    }

    @MainActor func count(_ member: Int, of object: RuntimeObject) throws(APIError) -> Int {
        try check(member, is: .list)
        return try counters[member]!.function(object)
    }

    @MainActor func item(_ member: Int, of object: RuntimeObject, at index: Int) throws(APIError) -> Value {
        try check(member, is: .list)
        return try itemReaders[member]!.function(object, index)
    }

    /// A new object of this type from its constructor's arguments (overridden where there is one).
    @MainActor func make(_ arguments: [Value], in runtime: Runtime) throws(APIError) -> RuntimeObject {
        throw APIError(MVVM_E_STATE, "A \(name) is not made with mvvm_object_new(); see its own constructors in the header.")
    }

    /// The value of signal `index` (a property notification) for `object`: signal i < the
    /// number of properties announces property i, which is member i. A read that fails (a
    /// value not available in the current state) is announced as absent.
    @MainActor func notificationValue(_ index: Int, of object: RuntimeObject) -> Value {
        (try? readers[index]!.function(object)) ?? .none
    }

    /// The ViewModel's Swift type as generated code spells it; nil for types without typed
    /// functions of their own (repositories).
    var viewModelTypeName: String? { nil }

    // MARK: - Checks

    static func kindError(_ value: Value, _ kind: ValueKind, nullable: Bool, _ what: String) -> APIError {
        .invalidArgument("\(what) takes a \(kind.cName)\(nullable ? " (or MVVM_VALUE_NONE)" : ""), not a \(value.kind.cName).")
    }

    /// The arguments of member `id`, checked against its shape: count, kinds, indexes into
    /// lists (when `object` is given) and repository handles (when `runtime` is given).
    @MainActor func checkArguments(
        _ values: [Value], of id: Int, object: RuntimeObject?, runtime: Runtime? = nil
    ) throws(APIError) -> Arguments {
        let shape = members[id]
        guard values.count == shape.arguments.count else {
            let names = shape.arguments.map(\.name).joined(separator: ", ")
            throw .invalidArgument("\(name).\(shape.name) takes \(shape.arguments.count) argument(s) (\(names)), not \(values.count).")
        }
        var repositories: [Int: RepositoryObject] = [:]
        for (position, (argument, value)) in zip(shape.arguments, values).enumerated() {
            guard value.kind == argument.valueKind else {
                throw Self.kindError(value, argument.valueKind, nullable: false, "Argument \(position) (\(argument.name)) of \(name).\(shape.name)")
            }
            switch argument.kind {
            case .index(let listName):
                guard let object, case .int64(let index) = value,
                      let listID = members.firstIndex(where: { $0.kind == .list && $0.name == listName }) else { break }
                _ = try checkedIndex(index, count: count(listID, of: object), members[listID].itemWord)
            case .repository:
                guard let runtime, case .object(let handle) = value else { break }
                repositories[position] = try runtime.object(handle, as: RepositoryObject.self)
            default: break
            }
        }
        return Arguments(values: values, repositories: repositories)
    }
}

/// Closures as a non-generic struct's field (see `TypeDeclaration.readers`).
struct StoredRead: Sendable { let function: MemberAccess.Read }
struct StoredWrite: Sendable { let function: MemberAccess.Write }
struct StoredRun: Sendable { let function: MemberAccess.Run }
struct StoredCount: Sendable { let function: MemberAccess.Count }
struct StoredItem: Sendable { let function: MemberAccess.Item }

/// How one member reaches its object: the closures a declaration builds for it (only those
/// of the member's kind are set).
struct MemberAccess: Sendable {
    typealias Read = @MainActor @Sendable (RuntimeObject) throws(APIError) -> Value
    typealias Write = @MainActor @Sendable (RuntimeObject, Value) throws(APIError) -> Void
    typealias Run = @MainActor @Sendable (RuntimeObject, Arguments) throws(APIError) -> Value
    typealias Count = @MainActor @Sendable (RuntimeObject) throws(APIError) -> Int
    typealias Item = @MainActor @Sendable (RuntimeObject, Int) throws(APIError) -> Value
    var read: Read?
    var write: Write?
    var run: Run?
    var count: Count?
    var item: Item?
}

/// What the C API says about one member: everything but how it reaches the ViewModel.
struct MemberShape: Sendable {
    enum Kind: Int32, Sendable {
        case property = 1, command, signal, list, constructor

        var word: String {
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
    struct Argument: Sendable {
        enum Kind: Sendable, Equatable {
            case bool, int64, uint64, string
            /// An index into the list member named here; checked before the command runs.
            case index(of: String)
            /// A repository handle.
            case repository
            /// An array of int64_t (C: a pointer and a size_t count).
            case int64Array
        }

        let name: String
        let kind: Kind

        var valueKind: ValueKind {
            switch kind {
            case .bool: .bool
            case .int64, .index: .int64
            case .uint64: .uint64
            case .string: .string
            case .repository: .object
            case .int64Array: .int64Array
            }
        }

        static func bool(_ name: String) -> Self { Self(name: name, kind: .bool) }
        static func int64(_ name: String) -> Self { Self(name: name, kind: .int64) }
        static func uint64(_ name: String) -> Self { Self(name: name, kind: .uint64) }
        static func string(_ name: String) -> Self { Self(name: name, kind: .string) }
        static func index(_ name: String, of list: String) -> Self { Self(name: name, kind: .index(of: list)) }
        static let repository = Self(name: "repository", kind: .repository)
        static func int64Array(_ name: String) -> Self { Self(name: name, kind: .int64Array) }
    }

    let name: String
    let kind: Kind
    /// Property: its value; list: its items; command: its result (`.none` if none).
    let valueKind: ValueKind
    /// The value may be absent (`MVVM_VALUE_NONE`; NULL in typed functions).
    let isNullable: Bool
    /// A property the host may set (`mvvm_object_set()`, and its setter command).
    let isSettable: Bool
    /// For int32 values that are C enums: the enum's name.
    let enumName: String?
    let arguments: [Argument]
    /// The header's sentence(s) about the member.
    let doc: String
    /// The typed C function: a property's getter, a command's function, a list's item
    /// getter, the constructor; nil for signals.
    let function: String?
    /// The C signature `mvvm_type_describe()` reports: of `function`, or of a signal's handler.
    let cSignature: String
    /// The typed function's parameter names after the handle (outputs included).
    let parameterNames: [String]
    /// Signals: their argument shape. Lists: their change signal's name, if any.
    let signalShape: SignalShape?
    let relatedName: String?
    /// Lists: the property or typed getter that counts the items.
    let countName: String?

    /// Lists: "Row" for messages ("Row index 7 is out of range"), from the item getter's name.
    var itemWord: String {
        (function?.components(separatedBy: "_get_").last ?? name).capitalizedFirst
    }
}
