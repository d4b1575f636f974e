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
    /// A handle of a live object of the ViewModel type `T`: the command or constructor gets its
    /// ViewModel, and a constructor keeps the object alive as long as the new one lives.
    public static func exported<T: DeclaredViewModel>(_ name: String, _ type: T.Type) -> Self {
        .object(name, of: ViewModelObject<T>.self)
    }
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
    @MainActor public func exported<T: DeclaredViewModel>(_ position: Int, _ name: String) throws(APIError) -> T {
        object(position, as: ViewModelObject<T>.self).viewModel
    }

    /// The first object argument's object: what a constructor keeps alive.
    public var keptAlive: RuntimeObject? { objects.min { $0.key < $1.key }?.value }
}

extension ViewModelDeclaration.List {
    /// A list of records read from an array property by index, changed by the change sets
    /// `changes` sends; `countProperty` names the property that counts it, if one does.
    public static func exported<R: RecordValue>(
        _ name: String, item: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> [R],
        changes: @escaping @MainActor @Sendable (VM) -> PassthroughSubject<ListChange, Never>, signal: String? = nil,
        countProperty: String? = nil
    ) -> Self {
        list(
            name, item: item, of: R.valueKind, doc, out: out ?? "out_" + CName.underscored(item),
            changes: .publisher { changes($0).eraseToAnyPublisher() }, signal: signal, countProperty: countProperty,
            count: { read($0).count }, item: { .record(read($0)[$1]) })
    }
}

extension ValueKind {
    /// The kind of a command's result, from the method's return type.
    public static func exported<R: RecordValue>(_ type: R?.Type) -> ValueKind { R.valueKind }
    public static func exported<R: RecordValue>(_ type: R.Type) -> ValueKind { R.valueKind }
    public static func exported(_ type: Int.Type) -> ValueKind { .int64 }
    public static func exported(_ type: String.Type) -> ValueKind { .string }
    public static func exported(_ type: Bool.Type) -> ValueKind { .bool }
}
