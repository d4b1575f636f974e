import CMVVM
import MVVMBindingCore

// The builders an `@ViewModel` expansion calls: one name per member role, the kind picked by
// the type checker from the Swift type of the property, parameter or subject, as `@Record`'s
// `field` is. Written by hand they read like the other builders; the macro never spells a kind.

extension ViewModelDeclaration.Property {
    /// A `String` property, announced by `changes`; settable when `set` is given.
    public static func exported<T>(
        _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> String,
        changes: @escaping @MainActor @Sendable (VM) -> Published<T>.Publisher, set: (@MainActor @Sendable (VM, String) -> Void)? = nil
    ) -> Self {
        string(name, doc, out: out, read, set: set, setterDoc: setterDoc(name)).observed(by: published(changes))
    }

    /// A `Bool` property (C int32_t 0/1).
    public static func exported<T>(
        _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> Bool,
        changes: @escaping @MainActor @Sendable (VM) -> Published<T>.Publisher, set: (@MainActor @Sendable (VM, Bool) -> Void)? = nil
    ) -> Self {
        bool(name, doc, out: out, read, set: set, setterDoc: setterDoc(name)).observed(by: published(changes))
    }

    /// An `Int` property (C int64_t).
    public static func exported<T>(
        _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> Int,
        changes: @escaping @MainActor @Sendable (VM) -> Published<T>.Publisher, set: (@MainActor @Sendable (VM, Int) -> Void)? = nil
    ) -> Self {
        int64(name, doc, out: out, read, changes: changes, set: set, setterDoc: setterDoc(name))
    }

    /// A `String?` property (NULL when nil).
    public static func exported<T>(
        _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> String?,
        changes: @escaping @MainActor @Sendable (VM) -> Published<T>.Publisher
    ) -> Self {
        optionalString(name, doc, out: out, read, changes: changes)
    }

    /// A `DeclaredEnum` property (its C enum in an int32_t).
    public static func exported<E: DeclaredEnum, T>(
        _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> E,
        changes: @escaping @MainActor @Sendable (VM) -> Published<T>.Publisher, set: (@MainActor @Sendable (VM, E) -> Void)? = nil
    ) -> Self {
        enumeration(name, E.declaration, doc, out: out, read, changes: changes, set: set, setterDoc: setterDoc(name))
    }

    /// A `ViewState` (its C enum `NAMESPACE_view_state`, which `#registerApplication(enums:
    /// [ViewState<Item>.self])` registers).
    public static func exported<Loaded, T>(
        _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> ViewState<Loaded>,
        changes: @escaping @MainActor @Sendable (VM) -> Published<T>.Publisher
    ) -> Self {
        enumeration(name, ViewState<Loaded>.declaration, doc, out: out, read, changes: changes)
    }

    /// A record property that may be absent: the typed getter sets `*out_loaded` and fills the
    /// struct when there is one.
    public static func exported<R: RecordValue, T>(
        _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> R?,
        changes: @escaping @MainActor @Sendable (VM) -> Published<T>.Publisher
    ) -> Self {
        optionalRecord(name, doc, absent: .loadedFlag, read).observed(by: published(changes))
    }

    /// A constant (`public let`): read-only, never announced.
    public static func exported(_ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> Bool)
        -> Self
    { bool(name, doc, out: out, read) }
    public static func exported(_ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> Int)
        -> Self
    { int64(name, doc, out: out, read) }
    public static func exported(_ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> String)
        -> Self
    { string(name, doc, out: out, read) }
    public static func exported(_ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> String?)
        -> Self
    { optionalString(name, doc, out: out, read) }
    public static func exported<E: DeclaredEnum>(
        _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> E
    ) -> Self { enumeration(name, E.declaration, doc, out: out, read) }
    public static func exported<Loaded>(
        _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> ViewState<Loaded>
    ) -> Self { enumeration(name, ViewState<Loaded>.declaration, doc, out: out, read) }
    /// A record that may be absent, read-only (see `derived(from:)` and `observing(_:)` for what
    /// announces it): the typed getter sets `*out_loaded` and fills the struct when there is one.
    public static func exported<R: RecordValue>(
        _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> R?
    ) -> Self { optionalRecord(name, doc, absent: .loadedFlag, read) }

    /// A record that cannot be read in some states: its getter throws (`var item: Item { get
    /// throws }`). Handlers and `mvvm_object_get()` then get it absent (NULL, MVVM_VALUE_NONE);
    /// the typed getter, whose one out-parameter is the struct, answers MVVM_E_STATE with the
    /// thrown error's description as the message.
    public static func exported<R: RecordValue>(
        _ name: String, _ doc: String, out: String? = nil, throwing read: @escaping @MainActor @Sendable (VM) throws -> R
    ) -> Self {
        Self(
            name: name, doc: doc, kind: R.valueKind, isNullable: true, enumName: nil, outNames: [out ?? "out_\(CName.underscored(name))"],
            absentMessage: { object in
                do {
                    _ = try read(viewModel(object))
                    return "\(VM.declaration.name).\(name) is absent."
                } catch {
                    return String(describing: error)
                }
            },
            // `if let`, not `Optional.map` (see `Property.optionalRecord`).
            read: { object in
                guard let record = try? read(viewModel(object)) else { return .none }
                return .record(record)
            }, write: nil, setterDoc: "", observe: nil,
            derivedFrom: [])
    }

    /// This property, announced by `changes` too (a computed property that changes with several
    /// `@Published` properties).
    public func observing<T>(_ changes: @escaping @MainActor @Sendable (VM) -> Published<T>.Publisher) -> Self {
        guard let added = Self.published(changes) else { return self }
        guard let observe else { return observed(by: added) }
        return observed { viewModel, object, mask, start in
            observe(viewModel, object, mask, start)
            added(viewModel, object, mask, start)
        }
    }

    /// This property, changed whenever the properties named (their C names, of this type) change:
    /// their notifications mark its own, as a property whose value is computed from theirs.
    public func derived(from names: [String]) -> Self {
        Self(
            name: name, doc: doc, kind: kind, isNullable: isNullable, enumName: enumName, outNames: outNames,
            absentMessage: absentMessage, read: read, write: write, setterDoc: setterDoc, observe: observe,
            derivedFrom: derivedFrom + names)
    }

    /// The setter command's doc of an exported property.
    private static func setterDoc(_ name: String) -> String { "Sets \"\(name)\" (strings are copied)." }

    /// This property, announced by `observe`.
    fileprivate func observed(by observe: ViewModelDeclaration.Observe?) -> Self {
        Self(
            name: name, doc: doc, kind: kind, isNullable: isNullable, enumName: enumName, outNames: outNames,
            absentMessage: absentMessage, read: read, write: write, setterDoc: setterDoc, observe: observe,
            derivedFrom: derivedFrom)
    }
}

extension ViewModelDeclaration.Event {
    /// An event sending records (`const RECORD *`).
    public static func exported<R: RecordValue>(
        _ name: String, _ doc: String, _ publisher: @escaping @MainActor @Sendable (VM) -> PassthroughSubject<R, Never>
    ) -> Self {
        record(name, doc, publisher)
    }

    /// An event sending ids (`int64_t`).
    public static func exported(
        _ name: String, _ doc: String, _ publisher: @escaping @MainActor @Sendable (VM) -> PassthroughSubject<Int, Never>
    ) -> Self {
        id(name, doc, publisher)
    }
}

extension MemberShape.Argument {
    /// The argument of a Swift parameter, its kind from the parameter's type.
    public static func exported(_ name: String, _ type: Int.Type) -> Self { .int64(name) }
    public static func exported(_ name: String, _ type: String.Type) -> Self { .string(name) }
    public static func exported(_ name: String, _ type: Bool.Type) -> Self { .bool(name) }
    public static func exported(_ name: String, _ type: Double.Type) -> Self { .double(name) }
    public static func exported<E: DeclaredEnum>(_ name: String, _ type: E.Type) -> Self { .enumeration(name, E.declaration) }
    public static func exported<R: RecordValue>(_ name: String, _ type: R.Type) -> Self { .record(name, R.self) }
    /// An array of `int64_t` (C: a pointer and a `size_t` count, `name` ending in "_values"
    /// giving "…_count").
    public static func exported(_ name: String, _ type: [Int].Type) -> Self { .int64Array(name) }
    public static func exported(_ name: String, _ type: [Int64].Type) -> Self { .int64Array(name) }
    /// A `uint64_t` (a seed, a bit set).
    public static func exported(_ name: String, _ type: UInt64.Type) -> Self { .uint64(name) }
    /// A handle of a live object of the ViewModel type `T`: the command or constructor gets its
    /// ViewModel, and a constructor keeps the object alive as long as the new one lives.
    public static func exported<T: DeclaredViewModel>(_ name: String, _ type: T.Type) -> Self {
        .object(name, of: ViewModelObject<T>.self)
    }
    /// A handle of a live object of the application's class `T` (a `RuntimeObject` subclass
    /// with a type of its own, such as a store made by constructors of its own): the command or
    /// constructor gets the object, and a constructor keeps it alive as long as the new one lives.
    public static func exported<T: RuntimeObject>(_ name: String, _ type: T.Type) -> Self { .object(name, of: T.self) }
}

extension Arguments {
    /// The argument at `position` as the Swift parameter's type (see `MemberShape.Argument.exported`).
    /// Every overload throws, so a call reads the same whatever the type.
    public func exported(_ position: Int, _ name: String) throws(APIError) -> Int { try int(position, name) }
    public func exported(_ position: Int, _ name: String) throws(APIError) -> String { string(position) }
    public func exported(_ position: Int, _ name: String) throws(APIError) -> Bool { bool(position) }
    public func exported(_ position: Int, _ name: String) throws(APIError) -> Double { double(position) }
    public func exported<E: DeclaredEnum>(_ position: Int, _ name: String) throws(APIError) -> E { enumeration(position) }
    public func exported<R: RecordValue>(_ position: Int, _ name: String) throws(APIError) -> R { record(position) }
    public func exported(_ position: Int, _ name: String) throws(APIError) -> [Int64] { int64Array(position) }
    public func exported(_ position: Int, _ name: String) throws(APIError) -> [Int] { int64Array(position).map { Int($0) } }
    public func exported(_ position: Int, _ name: String) throws(APIError) -> UInt64 { uint64(position) }
    @MainActor public func exported<T: DeclaredViewModel>(_ position: Int, _ name: String) throws(APIError) -> T {
        object(position, as: ViewModelObject<T>.self).viewModel
    }
    @MainActor public func exported<T: RuntimeObject>(_ position: Int, _ name: String) throws(APIError) -> T { object(position, as: T.self) }

    /// The first object argument's object: what a constructor keeps alive.
    public var keptAlive: RuntimeObject? { objects.min { $0.key < $1.key }?.value }
}

extension ViewModelDeclaration.List {
    /// A list read from an array property by index (records, strings or integers), changed by
    /// `changes` (`.of { $0.changes }`: the change sets a publisher sends; `.growing { $0.$items }`:
    /// those of a published array that grows at its end or is replaced; `.none`: nothing
    /// announces its changes but, perhaps, another property); `countProperty` names the
    /// property that counts it, if one does (else it has a count getter of its own).
    public static func exported<R: RecordValue>(
        _ name: String, item: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> [R],
        changes: Changes = .none, signal: String? = nil, countProperty: String? = nil
    ) -> Self {
        list(
            name, item: item, of: R.valueKind, doc, out: out ?? "out_" + CName.underscored(item), changes: changes, signal: signal,
            countProperty: countProperty, countDoc: ownCountDoc(name), count: { read($0).count }, item: { .record(read($0)[$1]) })
    }

    /// A list of strings (`const char *`, borrowed as a getter's strings are).
    public static func exported(
        _ name: String, item: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> [String],
        changes: Changes = .none, signal: String? = nil, countProperty: String? = nil
    ) -> Self {
        list(
            name, item: item, of: .string, doc, out: out ?? "out_" + CName.underscored(item), changes: changes, signal: signal,
            countProperty: countProperty, countDoc: ownCountDoc(name), count: { read($0).count }, item: { .string(read($0)[$1]) })
    }

    /// A list of integers (`int64_t`).
    public static func exported(
        _ name: String, item: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> [Int],
        changes: Changes = .none, signal: String? = nil, countProperty: String? = nil
    ) -> Self {
        list(
            name, item: item, of: .int64, doc, out: out ?? "out_" + CName.underscored(item), changes: changes, signal: signal,
            countProperty: countProperty, countDoc: ownCountDoc(name), count: { read($0).count }, item: { .int64(Int64(read($0)[$1])) })
    }

    /// A list that cannot be read in some states: its getter throws (`var items: [Item] { get
    /// throws }`), and its count and items then answer MVVM_E_STATE with the thrown error's
    /// description as the message.
    public static func exported<R: RecordValue>(
        _ name: String, item: String, _ doc: String, out: String? = nil, throwing read: @escaping @MainActor @Sendable (VM) throws -> [R],
        changes: Changes = .none, signal: String? = nil, countProperty: String? = nil
    ) -> Self {
        throwingList(name, item, doc, out, R.valueKind, read, changes, signal, countProperty) { .record($0) }
    }

    public static func exported(
        _ name: String, item: String, _ doc: String, out: String? = nil, throwing read: @escaping @MainActor @Sendable (VM) throws -> [String],
        changes: Changes = .none, signal: String? = nil, countProperty: String? = nil
    ) -> Self {
        throwingList(name, item, doc, out, .string, read, changes, signal, countProperty) { .string($0) }
    }

    public static func exported(
        _ name: String, item: String, _ doc: String, out: String? = nil, throwing read: @escaping @MainActor @Sendable (VM) throws -> [Int],
        changes: Changes = .none, signal: String? = nil, countProperty: String? = nil
    ) -> Self {
        throwingList(name, item, doc, out, .int64, read, changes, signal, countProperty) { .int64(Int64($0)) }
    }

    private static func throwingList<Item>(
        _ name: String, _ item: String, _ doc: String, _ out: String?, _ kind: ValueKind,
        _ read: @escaping @MainActor @Sendable (VM) throws -> [Item],
        _ changes: Changes, _ signal: String?, _ countProperty: String?, _ value: @escaping @Sendable (Item) -> Value
    ) -> Self {
        let items: @MainActor @Sendable (VM) throws(APIError) -> [Item] = { viewModel throws(APIError) in
            do {
                return try read(viewModel)
            } catch {
                throw APIError(MVVM_E_STATE, String(describing: error))
            }
        }
        return list(
            name, item: item, of: kind, doc, out: out ?? "out_" + CName.underscored(item), changes: changes, signal: signal,
            countProperty: countProperty, countDoc: ownCountDoc(name) + " MVVM_E_STATE while they cannot be read, as for each item.",
            count: { viewModel throws(APIError) in try items(viewModel).count },
            item: { viewModel, index throws(APIError) in value(try items(viewModel)[index]) })
    }

    /// The doc of a list's own count getter.
    private static func ownCountDoc(_ name: String) -> String { "The number of \(name)." }
}

extension ValueKind {
    /// The kind of a command's result, from the method's return type.
    public static func exported<R: RecordValue>(_ type: R?.Type) -> ValueKind { R.valueKind }
    public static func exported<R: RecordValue>(_ type: R.Type) -> ValueKind { R.valueKind }
    public static func exported(_ type: Int.Type) -> ValueKind { .int64 }
    public static func exported(_ type: String.Type) -> ValueKind { .string }
    public static func exported(_ type: Bool.Type) -> ValueKind { .bool }
}
