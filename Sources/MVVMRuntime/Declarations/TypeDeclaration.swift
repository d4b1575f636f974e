import CMVVM
import Synchronization

/// One exported type, declared once (see `Declarations/`): its properties, commands, lists,
/// events and constructor. Everything the C API and its bindings know of the type follows
/// from it: the signal table, `mvvm_type_describe()`, the generic entry points
/// (`mvvm_object_get` …) and, through `mvvm-generate`, the typed C functions, their header
/// section and the plug-in table.
///
/// This base class is the type-erased description, immutable and safe on any thread; the
/// generic subclass `ViewModelDeclaration` adds how each member reaches the ViewModel. A type
/// without members of its own (made by hand-written constructors, such as a repository) is a
/// plain `TypeDeclaration`.
public class TypeDeclaration: @unchecked Sendable {
    /// The `mvvm_type` number, given when the type is registered (`TypeRegistry.register`):
    /// registration order is number order, so an application that registers its types in the
    /// same order keeps every number (the header's enum is generated from them).
    public var type: mvvm_type {
        let number = assignedType.load(ordering: .acquiring)
        return number != 0 ? mvvm_type(number) : typeAfterLoading()
    }
    /// 0 until registered.
    private let assignedType = Atomic<UInt32>(0)
    /// The type's name: what `mvvm_type_describe()` and `mvvm_type_find()` use, and the Python
    /// class's name.
    public let name: String
    /// The C names' namespace: the library's prefix ("mvvm" for the framework's and the seeds'
    /// app's names, "app" for an application's own), the start of every typed function and
    /// type constant (`app_item_list_new`, `APP_TYPE_ITEM_LIST`).
    public let cNamespace: String
    /// The type's part of its typed functions' names (`NAMESPACE_PREFIX_…`: "item_list").
    public let cPrefix: String
    /// The start of the typed functions' names: "app_item_list".
    public var cFunctionPrefix: String { TypeNames(self).cFunctionPrefix }
    /// The name of the object parameter of the typed functions ("vm").
    package let handleName: String
    /// The header's paragraph about the type.
    package let summary: String
    /// Members in `mvvm_type_describe()` order; a member id is an index here.
    package let members: [MemberShape]
    /// Signals in signal-index order: property notifications (property order), list change
    /// signals, then events.
    let signals: [SignalSpec]

    /// How each member reaches its object, parallel to `members` (empty for types without
    /// declared access, such as repositories). Non-generic on purpose: the generic entry
    /// points and the typed functions call through it without unspecialised generic code.
    /// One table per kind of access (rather than one of structs) so that a call loads one
    /// closure, and retains one context, not five.
    /// Each closure sits in a one-field struct: a function stored directly as a table
    /// element is kept at maximal abstraction and called through a reabstraction thunk.
    private let readers: MemberTable<StoredRead?>
    private let writers: MemberTable<StoredWrite?>
    private let runners: MemberTable<StoredRun?>
    private let counters: MemberTable<StoredCount?>
    private let itemReaders: MemberTable<StoredItem?>
    /// `members[i].kind`, `.valueKind` and `.isNullable`, kept apart so that the per-call
    /// checks read a word rather than copy a member's shape.
    private let kinds: MemberTable<MemberShape.Kind>
    private let valueKinds: MemberTable<ValueKind>
    private let nullables: MemberTable<Bool>

    /// A type without members: its objects are made by constructors of its own (a repository
    /// over a file, a server or the host's tables). `cPrefix` defaults to the name in snake
    /// case. `constructors`: those constructors (`app_store_new_sample`), read after
    /// registration (a host table's interface names registered record kinds); the host
    /// interfaces their tables implement are the type's `interfaces`.
    public convenience init(
        name: String, cNamespace: String = "mvvm", cPrefix: String? = nil, handleName: String, summary: String,
        constructors: @escaping @autoclosure @Sendable () -> [ConstructorDeclaration] = []
    ) {
        self.init(
            names: TypeNames(name: name, cNamespace: cNamespace, cPrefix: cPrefix), handleName: handleName, summary: summary,
            members: [], constructors: constructors)
    }

    init(
        names: TypeNames, handleName: String, summary: String, members: [MemberShape], accessors: [MemberAccess] = [],
        constructors: @escaping @Sendable () -> [ConstructorDeclaration] = { [] }
    ) {
        declaredConstructors = constructors
        name = names.name
        cNamespace = names.cNamespace
        cPrefix = names.cPrefix
        self.handleName = handleName
        self.summary = summary
        self.members = members
        readers = MemberTable(accessors) { $0.read.map(StoredRead.init) }
        writers = MemberTable(accessors) { $0.write.map(StoredWrite.init) }
        runners = MemberTable(accessors) { $0.run.map(StoredRun.init) }
        counters = MemberTable(accessors) { $0.count.map(StoredCount.init) }
        itemReaders = MemberTable(accessors) { $0.item.map(StoredItem.init) }
        kinds = MemberTable(members) { $0.kind }
        valueKinds = MemberTable(members) { $0.valueKind }
        nullables = MemberTable(members) { $0.isNullable }
        signals = members.compactMap { member in
            guard member.kind == .signal, let shape = member.signalShape else { return nil }
            return SignalSpec(name: member.name, shape: shape, isPropertyNotification: member.name.hasPrefix("notify::"))
        }
        if let repeated = firstRepeated(in: members.map(\.name)) { preconditionFailure("\(name) declares \"\(repeated)\" twice") }
        precondition(accessors.isEmpty || accessors.count == members.count, "one accessor per member")
        precondition(signals.count <= 64, "pending properties are a 64-bit mask")
    }

    deinit {
        readers.free()
        writers.free()
        runners.free()
        counters.free()
        itemReaders.free()
        kinds.free()
        valueKinds.free()
        nullables.free()
    }

    /// Gives the type its number (once; false if it has one).
    func assign(type number: UInt32) -> Bool {
        assignedType.compareExchange(expected: 0, desired: number, ordering: .acquiringAndReleasing).exchanged
    }

    /// The number the registry gave the names of this declaration, which it built on first use
    /// (`TypeRegistry.register(_:declaration:)`); traps if the declaration's names are not the
    /// ones registered (a hand-written `declaredNames` gone wrong) or it has another number
    /// (registered twice, in two registries).
    func adopt(type number: UInt32, registeredAs names: TypeNames) {
        if assignedType.load(ordering: .acquiring) == number { return }
        precondition(
            TypeNames(self) == names,
            "a type registered as \(names.name) (\(names.cFunctionPrefix)) declares \(name) (\(cFunctionPrefix)): its declaredNames must be its declaration's"
        )
        if assign(type: number) { return }
        preconditionFailure(
            "\(names.name) is registered as type \(number) and, in another registry, as type \(assignedType.load(ordering: .acquiring))")
    }

    /// The number of a declaration read before the registry gave it one: a declaration
    /// registered by its names and built by its type's own code, or one read before the
    /// registry was loaded. Loads the registry (which runs the application's registration) and
    /// takes the number registered for these names.
    private func typeAfterLoading() -> mvvm_type {
        TypeRegistry.shared.ensureLoaded()
        if assignedType.load(ordering: .acquiring) == 0, let number = TypeRegistry.shared.number(of: TypeNames(self)) {
            _ = assign(type: number)
        }
        let number = assignedType.load(ordering: .acquiring)
        precondition(number != 0, "\(name) is not registered: register it in the application's MVVMApplicationRegisterTypes")
        return mvvm_type(number)
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

    // Each access is a host's call (an export's body): with a journal on, it notes what it
    // did on the call's line (`JournalCalls`).

    @MainActor func read(_ member: Int, of object: RuntimeObject) throws(APIError) -> Value {
        try check(member, is: .property)
        if Journal.isOn { JournalCalls.access("get", object, members[member].name) }
        let value = try readers[member]!.function(object)
        if Journal.isOn { JournalCalls.out(value) }
        return value
    }

    @MainActor func write(_ member: Int, of object: RuntimeObject, _ value: Value) throws(APIError) {
        try check(member, is: .property)
        guard let write = writers[member]?.function else {
            throw APIError(MVVM_E_STATE, "\(name).\(members[member].name) is read-only.")
        }
        if Journal.isOn { JournalCalls.access("set", object, members[member].name, [value]) }
        let kind = valueKinds[member]
        guard value.kind == kind || (nullables[member] && value.kind == .none) else {
            throw Self.kindError(value, kind, nullable: nullables[member], "\(name).\(members[member].name)")
        }
        try write(object, value)
    }

    @MainActor func invoke(_ member: Int, of object: RuntimeObject, _ arguments: [Value]) throws(APIError) -> Value {
        try check(member, is: .command)
        if Journal.isOn { JournalCalls.access("invoke", object, members[member].name, arguments) }
        let checked = try checkArguments(arguments, of: member, object: object)
        let result = try runners[member]!.function(object, checked)
        if Journal.isOn && result != .none { JournalCalls.out(result) }
        return result
    }

    /// `journaled: false` for the count an index check reads: the call's operation is the
    /// command or item read, not the count.
    @MainActor func count(_ member: Int, of object: RuntimeObject, journaled: Bool = true) throws(APIError) -> Int {
        try check(member, is: .list)
        let journaling = journaled && Journal.isOn
        if journaling { JournalCalls.access("count", object, members[member].name) }
        let count = try counters[member]!.function(object)
        if journaling { JournalCalls.out(.int64(Int64(count))) }
        return count
    }

    @MainActor func item(_ member: Int, of object: RuntimeObject, at index: Int) throws(APIError) -> Value {
        try check(member, is: .list)
        if Journal.isOn { JournalCalls.access("item", object, members[member].name, [.int64(Int64(index))]) }
        let item = try itemReaders[member]!.function(object, index)
        if Journal.isOn { JournalCalls.out(item) }
        return item
    }

    /// A new object of this type from its constructor's arguments (overridden where there is one).
    @MainActor func make(_ arguments: [Value], in runtime: Runtime) throws(APIError) -> RuntimeObject {
        throw APIError(MVVM_E_STATE, "A \(name) is not made with mvvm_object_new(); see its own constructors in the header.")
    }

    /// The interface a host implements to make an object of this type
    /// (`mvvm_object_new_host()`), if the type has a host constructor.
    public var hostInterface: HostInterfaceDeclaration? { nil }

    private let declaredConstructors: @Sendable () -> [ConstructorDeclaration]
    private let evaluatedConstructors = Mutex<[ConstructorDeclaration]?>(nil)

    /// The type's named constructors (`app_store_new_sample`), in header order.
    public var constructors: [ConstructorDeclaration] {
        if let constructors = evaluatedConstructors.withLock({ $0 }) { return constructors }
        // Outside the lock: the declarations may read the registry, which may read this.
        let constructors = declaredConstructors()
        return evaluatedConstructors.withLock { stored in
            if stored == nil { stored = constructors }
            return stored!
        }
    }

    /// Every host interface objects of this type are made over: the host constructor's, then
    /// those of the named constructors' tables, each once. Their names are unique in the registry.
    public var interfaces: [HostInterfaceDeclaration] {
        var interfaces = hostInterface.map { [$0] } ?? []
        for interface in constructors.flatMap(\.interfaces) where !interfaces.contains(where: { $0 === interface }) {
            interfaces.append(interface)
        }
        return interfaces
    }

    /// The named constructor `name` (`TypedCall.construct`).
    func constructor(named name: String) -> ConstructorDeclaration? {
        constructors.first { $0.name == name }
    }

    /// The host constructor's header doc and out parameter's name.
    package var hostConstructorDoc: (doc: String, out: String)? { nil }

    /// A new object of this type over a host's implementation of `hostInterface`.
    @MainActor func make(host: HostImplementation) throws(APIError) -> RuntimeObject {
        throw APIError(MVVM_E_STATE, "A \(name) is not made over a host's implementation (mvvm_object_new_host()): it has no host constructor.")
    }

    /// Every property's value and every list's count of `object`, in member order, for the
    /// inspector: read as a host's getter reads them (a failure, such as a value not
    /// available in this state, is its error), but not journaled as a call.
    @MainActor func inspected(_ object: RuntimeObject) -> [(name: String, kind: MemberShape.Kind, value: Result<Value, APIError>)] {
        members.indices.compactMap { member in
            switch kinds[member] {
            case .property:
                do throws(APIError) { return (members[member].name, .property, .success(try readers[member]!.function(object))) } catch {
                    return (members[member].name, .property, .failure(error))
                }
            case .list:
                do throws(APIError) {
                    return (members[member].name, .list, .success(.int64(Int64(try counters[member]!.function(object)))))
                } catch {
                    return (members[member].name, .list, .failure(error))
                }
            default: return nil
            }
        }
    }

    /// The value of signal `index` (a property notification) for `object`: signal i < the
    /// number of properties announces property i, which is member i. A read that fails (a
    /// value not available in the current state) is announced as absent.
    @MainActor func notificationValue(_ index: Int, of object: RuntimeObject) -> Value {
        (try? readers[index]!.function(object)) ?? .none
    }

    /// The ViewModel's Swift type as generated code spells it; nil for types without typed
    /// functions of their own (repositories).
    package var viewModelTypeName: String? { nil }

    /// The doc of the typed count getter of `list` (a list no property counts).
    package func countDoc(of list: String) -> String { "" }

    // MARK: - Checks

    static func kindError(_ value: Value, _ kind: ValueKind, nullable: Bool, _ what: String) -> APIError {
        .invalidArgument("\(what) takes a \(kind.cName)\(nullable ? " (or MVVM_VALUE_NONE)" : ""), not a \(value.kind.cName).")
    }

    /// The arguments of member `id`, checked against its shape: count, kinds, indexes into
    /// lists (when `object` is given) and object handles (when `runtime` is given).
    @MainActor func checkArguments(
        _ values: [Value], of id: Int, object: RuntimeObject?, runtime: Runtime? = nil
    ) throws(APIError) -> Arguments {
        let shape = members[id]
        guard values.count == shape.arguments.count else {
            let names = shape.arguments.map(\.name).joined(separator: ", ")
            throw .invalidArgument("\(name).\(shape.name) takes \(shape.arguments.count) argument(s) (\(names)), not \(values.count).")
        }
        var objects: [Int: RuntimeObject] = [:]
        var enums: [Int: any Sendable] = [:]
        for (position, (argument, value)) in zip(shape.arguments, values).enumerated() {
            guard value.kind == argument.valueKind else {
                throw Self.kindError(value, argument.valueKind, nullable: false, "Argument \(position) (\(argument.name)) of \(name).\(shape.name)")
            }
            switch argument.kind {
            case .index(let listName):
                guard let object, case .int64(let index) = value,
                    let listID = members.firstIndex(where: { $0.kind == .list && $0.name == listName })
                else { break }
                _ = try checkedIndex(index, count: count(listID, of: object, journaled: false), members[listID].itemWord)
            case .object(let objectArgument):
                guard let runtime, case .object(let handle) = value else { break }
                objects[position] = try objectArgument.resolve(runtime, handle)
            case .enumeration(let enumArgument):
                guard case .int32(let number) = value else { break }
                do throws(APIError) {
                    enums[position] = try enumArgument.value(number)
                } catch {
                    throw .invalidArgument("Argument \(position) (\(argument.name)) of \(name).\(shape.name): \(error.message)")
                }
            default: break
            }
        }
        return Arguments(values: values, objects: objects, enums: enums)
    }
}
