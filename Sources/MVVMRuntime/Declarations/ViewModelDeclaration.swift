import CMVVM
import MVVMBindingCore

/// A ViewModel type the runtime exports: it names its one declaration.
@MainActor
public protocol DeclaredViewModel: AnyObject {
    nonisolated static var declaration: ViewModelDeclaration<Self> { get }
    /// The declaration's names, without building it: the application's registration registers
    /// the type by them and builds `declaration` when the type is first used. `@ViewModel`
    /// writes them; by default they are read from `declaration` (built at registration then).
    nonisolated static var declaredNames: TypeNames { get }
}

extension DeclaredViewModel {
    public nonisolated static var declaredNames: TypeNames { TypeNames(declaration) }

    /// `declaration`, type-erased.
    nonisolated static var typeDeclaration: TypeDeclaration { declaration }
}

/// The declaration of a ViewModel type: `TypeDeclaration` plus, for each member, how it
/// reaches the ViewModel. Written once per type by the application and registered
/// (`TypeRegistry.register`); read like a table.
///
/// Member order (and so member ids): properties, commands (declared ones, then one
/// "set-NAME" per settable property), signals ("notify::NAME" per property, list change
/// signals, events), lists, the constructor. Signal indices follow the same order, so none
/// is ever numbered by hand.
public final class ViewModelDeclaration<VM: DeclaredViewModel>: TypeDeclaration, @unchecked Sendable {
    public typealias Read = @MainActor @Sendable (VM) throws(APIError) -> Value
    /// Starts (`true`) or stops (`false`) observing a property for an object, with a mask.
    public typealias Observe = @MainActor @Sendable (VM, RuntimeObject, UInt64, Bool) -> Void

    /// How a member reaches the ViewModel (turned into `TypeDeclaration.accessors` at init).
    enum Access {
        case property(Property)
        case command(Command)
        case signal
        case list(List)
        case constructor(Constructor)
    }

    let properties: [Property]
    let lists: [List]
    let events: [Event]
    /// Runs when the object is destroyed (after its subscriptions are cancelled).
    let tearDown: (@MainActor @Sendable (VM) -> Void)?
    /// Per property, the mask of the signals to mark when it changes: its own and those of
    /// the properties derived from it (transitively).
    let changeMasks: [UInt64]
    /// Per list, the mask to mark when its items change (its count property and what derives
    /// from it), and the signal index of its change sets.
    let listMasks: [UInt64]
    let listSignals: [Int?]
    /// Per event, its signal index (what `RuntimeObject.queueEvent` takes for an event the
    /// object queues itself).
    public let eventSignals: [Int]
    /// Per list, then per event: the signals whose handlers need its subscription (a list's
    /// count property and what derives from it, and its change signal; an event's own signal,
    /// or 0 for one the object queues itself). `feedsMask` is their union.
    let feedMasks: [UInt64]
    let feedsMask: UInt64
    /// The constructor and its member id, if the type has one.
    private let constructor: (id: Int, declaration: Constructor)?
    /// The constructor over a host's implementation of an interface, if the type has one.
    private let hostConstructor: HostConstructor?
    /// Makes the object of a ViewModel: a `ViewModelObject`, or the type's `ViewModelObjectClass`.
    private let makeObject: @MainActor @Sendable (VM, RuntimeObject?) -> RuntimeObject

    /// `cPrefix` defaults to the name in snake case (`ItemEditor` → `item_editor`), so a
    /// declaration states it only where the C name differs. `object` is the class of the
    /// type's objects when it is not `ViewModelObject`; its lists and events follow `lists`
    /// and `events`.
    public init(
        name: String, cNamespace: String = "mvvm", cPrefix: String? = nil, handleName: String = "vm", summary: String,
        constructor: Constructor?, properties: [Property], commands: [Command] = [], lists: [List] = [],
        events: [Event] = [], hostConstructor: HostConstructor? = nil, tearDown: (@MainActor @Sendable (VM) -> Void)? = nil,
        object: (any ViewModelObjectClass<VM>.Type)? = nil
    ) {
        self.hostConstructor = hostConstructor
        let lists = lists + (object?.lists ?? [])
        let events = events + (object?.events ?? [])
        if let object {
            makeObject = { object.init(viewModel: $0, keepingAlive: $1) }
        } else {
            makeObject = { ViewModelObject(viewModel: $0, keepingAlive: $1) }
        }
        let names = TypeNames(name: name, cNamespace: cNamespace, cPrefix: cPrefix)
        self.properties = properties
        self.lists = lists
        self.events = events
        self.tearDown = tearDown
        let setters = properties.filter { $0.write != nil }.map { Command.setter($0) }
        let functionPrefix = names.cFunctionPrefix
        // Each member's accessor is made as its shape is added (not kept as an `Access` first: an
        // array of a generic enum cost every ViewModel type its own metadata instantiation).
        let memberCount =
            properties.count * 2 + commands.count + setters.count + lists.count * 2 + events.count + (constructor == nil ? 0 : 1)
        var members: [MemberShape] = []
        var accessors: [MemberAccess] = []
        members.reserveCapacity(memberCount)
        accessors.reserveCapacity(memberCount)
        for property in properties {
            members.append(property.shape(prefix: functionPrefix, handle: handleName))
            accessors.append(Self.accessor(.property(property)))
        }
        for command in commands + setters {
            members.append(command.shape(prefix: functionPrefix, handle: handleName))
            accessors.append(Self.accessor(.command(command)))
        }
        var signalCount = 0
        func addSignal(_ name: String, _ shape: SignalShape, _ doc: String) -> Int {
            members.append(
                MemberShape(
                    name: name, kind: .signal, valueKind: .none, isNullable: false, isSettable: false, enumName: nil,
                    arguments: [], doc: doc, signalShape: shape, relatedName: nil, countName: nil
                ) { .init(name: nil, type: shape.handler) })
            accessors.append(Self.accessor(.signal))
            signalCount += 1
            return signalCount - 1
        }
        for property in properties {
            _ = addSignal("notify::" + property.name, property.kind.signalShape, "")
        }
        listSignals = lists.map { list in list.signal.map { addSignal($0, .changes, "") } }
        eventSignals = events.map { addSignal($0.name, $0.shape, $0.doc) }
        for list in lists {
            members.append(list.shape(prefix: functionPrefix, handle: handleName))
            accessors.append(Self.accessor(.list(list)))
        }
        if let constructor {
            members.append(constructor.shape(prefix: functionPrefix))
            accessors.append(Self.accessor(.constructor(constructor)))
        }
        self.constructor = constructor.map { (members.count - 1, $0) }

        // Change masks: a property's own signal (= its index) plus everything derived from it.
        // Names are found by scanning the few properties (a dictionary of them cost every
        // ViewModel type's first use its hashing and its storage's metadata).
        func propertyIndex(_ name: String) -> Int? { properties.firstIndex { $0.name == name } }
        let sources: [UInt64] = properties.map { property in
            property.derivedFrom.reduce(0) { mask, source in
                guard let index = propertyIndex(source) else {
                    preconditionFailure("\(name).\(property.name) is derived from unknown property \(source)")
                }
                return mask | 1 << UInt64(index)
            }
        }
        func closure(of start: Int) -> UInt64 {
            var mask: UInt64 = 1 << UInt64(start)
            var changed = true
            while changed {
                changed = false
                for index in properties.indices where mask & (1 << UInt64(index)) == 0 && sources[index] & mask != 0 {
                    mask |= 1 << UInt64(index)
                    changed = true
                }
            }
            return mask
        }
        changeMasks = properties.indices.map(closure)
        listMasks = lists.map { list in list.countProperty.flatMap(propertyIndex).map(closure) ?? 0 }
        let signalMask = { (signal: Int?) in signal.map { RuntimeObject.mask([$0]) } ?? 0 }
        feedMasks =
            zip(listMasks, listSignals).map { $0 | signalMask($1) }
            + zip(events, eventSignals).map { $0.observe == nil ? 0 : signalMask($1) }
        feedsMask = feedMasks.reduce(0, |)
        super.init(names: names, handleName: handleName, summary: summary, members: members, accessors: accessors)
    }

    override package var viewModelTypeName: String? { String(reflecting: VM.self) }

    override public var hostInterface: HostInterfaceDeclaration? { hostConstructor?.interface }

    override package var hostConstructorDoc: (doc: String, out: String)? { hostConstructor.map { ($0.doc, $0.out) } }

    @MainActor override func make(host: HostImplementation) throws(APIError) -> RuntimeObject {
        guard let hostConstructor else { return try super.make(host: host) }
        return makeObject(try hostConstructor.make(host), nil)
    }

    /// The object of `viewModel`, of the type's object class: for a ViewModel the application
    /// made itself and hands to the host (a coordinator's new screen). `keptAlive` lives as
    /// long as the object.
    @MainActor public func object(for viewModel: VM, keepingAlive keptAlive: RuntimeObject?) -> RuntimeObject {
        makeObject(viewModel, keptAlive)
    }

    override package func countDoc(of list: String) -> String {
        lists.first { $0.name == list }?.countDoc ?? ""
    }

    @MainActor override func make(_ arguments: [Value], in runtime: Runtime) throws(APIError) -> RuntimeObject {
        guard let (id, constructor) = constructor else { return try super.make(arguments, in: runtime) }
        let checked = try checkArguments(arguments, of: id, object: nil, runtime: runtime)
        let (viewModel, keptAlive) = try constructor.make(checked)
        return constructor.object?(viewModel, keptAlive) ?? makeObject(viewModel, keptAlive)
    }

    /// The non-generic accessor of each member (see `TypeDeclaration.accessors`).
    private static func accessor(_ access: Access) -> MemberAccess {
        @MainActor func viewModel(_ object: RuntimeObject) -> VM { unsafeDowncast(object, to: ViewModelObject<VM>.self).viewModel }
        var accessor = MemberAccess()
        switch access {
        case .property(let property):
            accessor.read = property.read
            accessor.write = property.write
        case .command(let command):
            if let write = command.write {
                accessor.run = { object, arguments throws(APIError) in
                    try write(object, arguments.values[0])
                    return .none
                }
            } else {
                let run = command.run
                accessor.run = { object, arguments throws(APIError) in try run(viewModel(object), arguments) }
            }
        case .list(let list):
            accessor.count = { object throws(APIError) in try unsafeDowncast(object, to: ViewModelObject<VM>.self).count(of: list) }
            accessor.item = { object, index throws(APIError) in
                try unsafeDowncast(object, to: ViewModelObject<VM>.self).item(of: list, at: index)
            }
        case .signal, .constructor:
            break
        }
        return accessor
    }
}

extension String {
    /// "row" -> "Row", for messages.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

/// A command's or constructor's checked arguments.
public struct Arguments {
    let values: [Value]
    /// The object arguments' objects, by position (checked: live, of their declared class).
    let objects: [Int: RuntimeObject]
    /// The enum arguments' Swift values, by position (checked: cases of their enums).
    var enums: [Int: any Sendable] = [:]

    public func int64(_ position: Int) -> Int64 {
        if case .int64(let value) = values[position] { return value }
        preconditionFailure("argument \(position) is not an int64")
    }

    public func uint64(_ position: Int) -> UInt64 {
        if case .uint64(let value) = values[position] { return value }
        preconditionFailure("argument \(position) is not a uint64")
    }

    /// An int64 argument as a Swift `Int`, refused if it does not fit (32-bit platforms).
    public func int(_ position: Int, _ name: String) throws(APIError) -> Int {
        try checkedID(int64(position), name)
    }

    public func string(_ position: Int) -> String {
        if case .string(let value) = values[position] { return value }
        preconditionFailure("argument \(position) is not a string")
    }

    public func int64Array(_ position: Int) -> [Int64] {
        if case .int64Array(let value) = values[position] { return value }
        preconditionFailure("argument \(position) is not an int64 array")
    }

    public func bool(_ position: Int) -> Bool {
        if case .bool(let value) = values[position] { return value }
        preconditionFailure("argument \(position) is not a bool")
    }

    public func double(_ position: Int) -> Double {
        if case .double(let value) = values[position] { return value }
        preconditionFailure("argument \(position) is not a double")
    }

    /// The case of an enum argument (`MemberShape.Argument.enumeration(_:_:)`).
    public func enumeration<E: Sendable>(_ position: Int, as type: E.Type = E.self) -> E {
        guard let value = enums[position] as? E else { preconditionFailure("argument \(position) is not an enum argument of type \(E.self)") }
        return value
    }

    /// The model of a record argument (`MemberShape.Argument.record(_:_:)`).
    public func record<R: RecordValue>(_ position: Int, as type: R.Type = R.self) -> R {
        guard case .record(let record) = values[position], let model = exactCast(record, to: R.self) else {
            preconditionFailure("argument \(position) is not a \(R.self)")
        }
        return model
    }

    /// The object of an object argument (`MemberShape.Argument.object(_:of:)`).
    @MainActor public func object<T: RuntimeObject>(_ position: Int, as type: T.Type) -> T {
        guard let object = objects[position], object.type == T.objectType else {
            preconditionFailure("argument \(position) is not a \(T.self)")
        }
        return unsafeDowncast(object, to: T.self)
    }
}
