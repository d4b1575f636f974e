import CMVVM
import MVVMBindingCore

extension ViewModelDeclaration {
    /// A property: read with a getter, announced by "notify::NAME", optionally settable.
    public struct Property: Sendable {
        let name: String
        let doc: String
        let kind: ValueKind
        let isNullable: Bool
        let enumName: String?
        /// The typed getter's output parameter names.
        let outNames: [String]
        /// For a nullable struct read by a typed getter with a single output: the message of
        /// the MVVM_E_STATE it gives while the value is absent (of the object, when it says why).
        let absentMessage: (@MainActor @Sendable (RuntimeObject) -> String)?
        /// Reads and writes the value of the object's ViewModel: closures over the object, built
        /// here where the ViewModel's type is concrete, so a call goes through one closure of
        /// ours and the declaration's own.
        let read: MemberAccess.Read
        let write: MemberAccess.Write?
        let setterDoc: String
        /// Subscribes the object to the ViewModel's own announcement of this property.
        let observe: Observe?
        /// The properties whose changes change this one.
        let derivedFrom: [String]

        func shape(prefix: String, handle: String) -> MemberShape {
            let (name, kind, outNames) = (name, kind, outNames)
            switch kind {
            case .bool, .int32, .int64, .string: break
            default: precondition(kind.isRecord, "no property of kind \(kind.cName)")
            }
            return MemberShape(
                name: name, kind: .property, valueKind: kind, isNullable: isNullable, isSettable: write != nil,
                enumName: enumName, arguments: [], doc: doc, signalShape: nil, relatedName: "notify::" + name, countName: nil
            ) {
                let outputs: [CParameter]
                switch kind {
                case .bool, .int32, .int64, .string: outputs = [.output(outNames[0], kind.cType)]
                default:
                    let record = CParameter.output(outNames.last!, CType(.record, name: kind.record!.cType))
                    outputs = outNames.count == 2 ? [.output(outNames[0], .int32), record] : [record]
                }
                return .init(name: "\(prefix)_get_\(CName.underscored(name))", type: .function([.input(handle, .object)] + outputs))
            }
        }

        private static func make(
            _ name: String, _ kind: ValueKind, nullable: Bool = false, enumName: String? = nil, doc: String,
            out: [String], absentMessage: (@MainActor @Sendable (RuntimeObject) -> String)? = nil, read: @escaping MemberAccess.Read,
            observe: Observe?, derivedFrom: [String],
            write: MemberAccess.Write? = nil, setterDoc: String = ""
        ) -> Self {
            Self(
                name: name, doc: doc, kind: kind, isNullable: nullable, enumName: enumName, outNames: out,
                absentMessage: absentMessage, read: read, write: write, setterDoc: setterDoc, observe: observe,
                derivedFrom: derivedFrom)
        }

        /// The ViewModel of `object`, an object of this declaration's type.
        @MainActor @inline(__always)
        static func viewModel(_ object: RuntimeObject) -> VM {
            unsafeDowncast(object, to: ViewModelObject<VM>.self).viewModel
        }

        /// Observes a `@Published` property directly (see `RuntimeObject.observe`).
        static func published<T>(_ changes: (@MainActor @Sendable (VM) -> Published<T>.Publisher)?) -> Observe? {
            guard let changes else { return nil }
            return { viewModel, object, mask, start in
                if start { object.observe(changes(viewModel), mask: mask) } else { object.stopObserving(changes(viewModel), mask: mask) }
            }
        }

        /// A flag: C int32_t 0/1; settable from C and Python when `set` is given.
        public static func bool(
            _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> Bool,
            changes: (@MainActor @Sendable (VM) -> Published<Bool>.Publisher)? = nil, derivedFrom: [String] = [],
            set: (@MainActor @Sendable (VM, Bool) -> Void)? = nil, setterDoc: String = ""
        ) -> Self {
            var write: MemberAccess.Write?
            if let set {
                write = { object, value throws(APIError) in
                    guard case .bool(let flag) = value else { return }
                    set(viewModel(object), flag)
                }
            }
            return make(
                name, .bool, doc: doc, out: [out ?? "out_\(CName.underscored(name))"], read: { .bool(read(viewModel($0))) },
                observe: published(changes), derivedFrom: derivedFrom, write: write, setterDoc: setterDoc)
        }

        /// A declared enum (`EnumDeclaration`, registered before the types that use it), as
        /// its C enum in an int32_t; settable when `set` is given (a number that is not one of
        /// its cases is refused with MVVM_E_INVALID_ARGUMENT).
        public static func enumeration<Model, T>(
            _ name: String, _ declaration: EnumDeclaration<Model>, _ doc: String, out: String? = nil,
            _ read: @escaping @MainActor @Sendable (VM) -> Model,
            changes: (@MainActor @Sendable (VM) -> Published<T>.Publisher)?, derivedFrom: [String] = [],
            set: (@MainActor @Sendable (VM, Model) -> Void)? = nil, setterDoc: String = ""
        ) -> Self {
            enumeration(name, declaration, doc, out: out, read, observe: published(changes), derivedFrom: derivedFrom, set: set, setterDoc: setterDoc)
        }

        /// `enumeration` announced only through `derivedFrom`.
        public static func enumeration<Model>(
            _ name: String, _ declaration: EnumDeclaration<Model>, _ doc: String, out: String? = nil,
            _ read: @escaping @MainActor @Sendable (VM) -> Model, derivedFrom: [String] = [],
            set: (@MainActor @Sendable (VM, Model) -> Void)? = nil, setterDoc: String = ""
        ) -> Self {
            enumeration(name, declaration, doc, out: out, read, observe: nil, derivedFrom: derivedFrom, set: set, setterDoc: setterDoc)
        }

        private static func enumeration<Model>(
            _ name: String, _ declaration: EnumDeclaration<Model>, _ doc: String, out: String?,
            _ read: @escaping @MainActor @Sendable (VM) -> Model, observe: Observe?, derivedFrom: [String],
            set: (@MainActor @Sendable (VM, Model) -> Void)?, setterDoc: String
        ) -> Self {
            guard let registered = TypeRegistry.shared.enumeration(named: declaration.name) else {
                preconditionFailure("the enum \(declaration.name) is not registered: register it before the declarations that use it")
            }
            var write: MemberAccess.Write?
            if let set {
                write = { object, value throws(APIError) in
                    // mvvm_object_set() gives the property's int32; its "set-NAME" command an int64.
                    let number: Int64
                    switch value {
                    case .int32(let n): number = Int64(n)
                    case .int64(let n): number = n
                    default: return
                    }
                    set(viewModel(object), try declaration.value(ofNumber: number))
                }
            }
            return make(
                name, .int32, enumName: registered.cType, doc: doc, out: [out ?? "out_\(CName.underscored(name))"],
                read: { .int32(declaration.number(of: read(viewModel($0)))) }, observe: observe, derivedFrom: derivedFrom,
                write: write, setterDoc: setterDoc)
        }

        /// An integer: C int64_t; settable when `set` is given.
        public static func int64<T>(
            _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> Int,
            changes: (@MainActor @Sendable (VM) -> Published<T>.Publisher)?, derivedFrom: [String] = [],
            set: (@MainActor @Sendable (VM, Int) -> Void)? = nil, setterDoc: String = ""
        ) -> Self {
            make(
                name, .int64, doc: doc, out: [out ?? "out_\(CName.underscored(name))"], read: { .int64(Int64(read(viewModel($0)))) },
                observe: published(changes), derivedFrom: derivedFrom, write: intWrite(set), setterDoc: setterDoc)
        }

        /// `int64` announced only through `derivedFrom` (or a list's changes).
        public static func int64(
            _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> Int,
            derivedFrom: [String] = [], set: (@MainActor @Sendable (VM, Int) -> Void)? = nil, setterDoc: String = ""
        ) -> Self {
            make(
                name, .int64, doc: doc, out: [out ?? "out_\(CName.underscored(name))"], read: { .int64(Int64(read(viewModel($0)))) },
                observe: nil, derivedFrom: derivedFrom, write: intWrite(set), setterDoc: setterDoc)
        }

        private static func intWrite(_ set: (@MainActor @Sendable (VM, Int) -> Void)?) -> MemberAccess.Write? {
            guard let set else { return nil }
            return { object, value throws(APIError) in
                guard case .int64(let number) = value else { return }
                set(viewModel(object), Int(number))  // Int is 64 bits on every platform mvvm builds for
            }
        }

        /// Text that is always there.
        public static func string(
            _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> String,
            changes: (@MainActor @Sendable (VM) -> Published<String>.Publisher)? = nil, derivedFrom: [String] = [],
            set: (@MainActor @Sendable (VM, String) -> Void)? = nil, setterDoc: String = ""
        ) -> Self {
            var write: MemberAccess.Write?
            if let set {
                write = { object, value throws(APIError) in
                    guard case .string(let text) = value else { return }
                    set(viewModel(object), text)
                }
            }
            return make(
                name, .string, doc: doc, out: [out ?? "out_\(CName.underscored(name))"], read: { .string(read(viewModel($0))) },
                observe: published(changes), derivedFrom: derivedFrom, write: write, setterDoc: setterDoc)
        }

        /// Text that may be absent (NULL).
        public static func optionalString<T>(
            _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> String?,
            changes: (@MainActor @Sendable (VM) -> Published<T>.Publisher)?, derivedFrom: [String] = []
        ) -> Self {
            make(
                name, .string, nullable: true, doc: doc, out: [out ?? "out_\(CName.underscored(name))"],
                read: { read(viewModel($0)).map(Value.string) ?? .none }, observe: published(changes), derivedFrom: derivedFrom)
        }

        /// `optionalString` announced only through `derivedFrom`.
        public static func optionalString(
            _ name: String, _ doc: String, out: String? = nil, _ read: @escaping @MainActor @Sendable (VM) -> String?,
            derivedFrom: [String] = []
        ) -> Self {
            make(
                name, .string, nullable: true, doc: doc, out: [out ?? "out_\(CName.underscored(name))"],
                read: { read(viewModel($0)).map(Value.string) ?? .none }, observe: nil, derivedFrom: derivedFrom)
        }

        /// How a typed getter reports an absent record.
        public enum Absence: Sendable {
            /// Through an `int32_t *out_loaded` before the struct: 0, and the struct untouched.
            case loadedFlag
            /// With MVVM_E_STATE and this message.
            case stateError(String)
        }

        /// A record (`RecordValue`) that may be absent (NULL for handlers and `mvvm_value`).
        public static func optionalRecord<R: RecordValue>(
            _ name: String, _ doc: String, absent: Absence, _ read: @escaping @MainActor @Sendable (VM) -> R?,
            changes: (@MainActor @Sendable (VM) -> Published<R?>.Publisher)? = nil, derivedFrom: [String] = []
        ) -> Self {
            let out: [String]
            let absentMessage: (@MainActor @Sendable (RuntimeObject) -> String)?
            switch absent {
            case .loadedFlag: (out, absentMessage) = (["out_loaded", "out_\(CName.underscored(name))"], nil)
            case .stateError(let message): (out, absentMessage) = (["out_\(CName.underscored(name))"], { _ in message })
            }
            return make(
                name, R.valueKind, nullable: true, doc: doc, out: out, absentMessage: absentMessage,
                // `if let`, not `Optional.map`: a closure written here is main-actor code, and
                // one handed to the standard library gets a run-time isolation check per call.
                read: { object in
                    guard let record = read(viewModel(object)) else { return .none }
                    return .record(record)
                }, observe: published(changes),
                derivedFrom: derivedFrom)
        }
    }

    /// An action the host calls, with arguments and at most one result.
    public struct Command: Sendable {
        let name: String
        let doc: String
        let arguments: [MemberShape.Argument]
        /// The result's kind and its typed out-parameter name (which may be NULL).
        let result: (kind: ValueKind, name: String)?
        let run: @MainActor @Sendable (VM, Arguments) throws(APIError) -> Value
        /// Set for the "set-NAME" command of a settable property: the property's name.
        let setterOf: String?
        /// A setter command's property write.
        var write: MemberAccess.Write? = nil

        /// An argument-less command (it can also become a command closure).
        public static func command(_ name: String, _ doc: String, _ run: @escaping @MainActor @Sendable (VM) -> Void) -> Self {
            Self(
                name: name, doc: doc, arguments: [], result: nil,
                run: { viewModel, _ in
                    run(viewModel)
                    return .none
                }, setterOf: nil)
        }

        /// A command with arguments; `run` returns its result (`.none` without one).
        public static func command(
            _ name: String, _ doc: String, arguments: [MemberShape.Argument], result: (kind: ValueKind, name: String)? = nil,
            _ run: @escaping @MainActor @Sendable (VM, Arguments) throws(APIError) -> Value
        ) -> Self {
            Self(name: name, doc: doc, arguments: arguments, result: result, run: run, setterOf: nil)
        }

        /// The "set-NAME" command of a settable property.
        static func setter(_ property: Property) -> Self {
            let argument: MemberShape.Argument
            switch property.kind {
            case .string: argument = .string(CName.underscored(property.name))
            case .bool: argument = .bool(CName.underscored(property.name))
            default: argument = .int64(CName.underscored(property.name))
            }
            return Self(
                name: "set-" + property.name, doc: property.setterDoc, arguments: [argument], result: nil,
                run: { _, _ in preconditionFailure("a setter command runs its property's write") }, setterOf: property.name,
                write: property.write)
        }

        func shape(prefix: String, handle: String) -> MemberShape {
            let (name, arguments, result) = (name, arguments, result)
            return MemberShape(
                name: name, kind: .command, valueKind: result?.kind ?? .none, isNullable: false, isSettable: false,
                enumName: nil, arguments: arguments, doc: doc, signalShape: nil, relatedName: setterOf, countName: nil
            ) {
                var parameters: [CParameter] = [.input(handle, .object)] + arguments.flatMap(\.cParameters)
                if let result { parameters.append(.output(result.name, result.kind.cType)) }
                return .init(name: "\(prefix)_\(CName.underscored(name))", type: .function(parameters))
            }
        }
    }

    /// Items read by index in O(1), counted by a property or a getter of their own, changed by
    /// change sets on `signal`.
    public struct List: Sendable {
        public enum Changes: Sendable {
            case none
            /// Change sets the ViewModel sends.
            case publisher(@MainActor @Sendable (VM) -> AnyPublisher<ListChange, Never>)
            /// A published array that grows at its end or is replaced: appends become
            /// inserts, anything else a reset (`growing(_:)` for arrays of any items).
            case growingArray(@MainActor @Sendable (VM) -> Published<[String]>.Publisher)

            /// Change sets any publisher of the ViewModel sends (a subject, an `AnyPublisher`).
            public static func of<P: Publisher>(_ publisher: @escaping @MainActor @Sendable (VM) -> P) -> Self
            where P.Output == ListChange, P.Failure == Never {
                .publisher { publisher($0).eraseToAnyPublisher() }
            }

            /// The change sets of a published array that grows at its end or is replaced:
            /// appends become inserts, anything else a reset.
            public static func growing<Item>(_ array: @escaping @MainActor @Sendable (VM) -> Published<[Item]>.Publisher) -> Self {
                .publisher { array($0).map(\.count).growingArrayChanges() }
            }
        }

        /// The list's member name, plural: "rows".
        let name: String
        /// The item's name, singular: "row" gives the typed getter `mvvm_PREFIX_get_row`.
        let itemName: String
        let doc: String
        let kind: ValueKind
        let out: String
        let count: @MainActor @Sendable (VM) throws(APIError) -> Int
        let item: @MainActor @Sendable (VM, Int) throws(APIError) -> Value
        let changes: Changes
        let signal: String?
        /// The property that counts the items, or nil for a getter of its own (`countName`).
        let countProperty: String?
        let countName: String
        let countDoc: String

        public static func list(
            _ name: String, item itemName: String, of kind: ValueKind, _ doc: String, out: String, changes: Changes = .none, signal: String? = nil,
            countProperty: String? = nil, countName: String? = nil, countDoc: String = "",
            count: @escaping @MainActor @Sendable (VM) throws(APIError) -> Int,
            item: @escaping @MainActor @Sendable (VM, Int) throws(APIError) -> Value
        ) -> Self {
            Self(
                name: name, itemName: itemName, doc: doc, kind: kind, out: out, count: count, item: item, changes: changes, signal: signal,
                countProperty: countProperty, countName: countProperty ?? countName ?? "\(itemName)-count", countDoc: countDoc)
        }

        func shape(prefix: String, handle: String) -> MemberShape {
            let (kind, itemName, out) = (kind, itemName, out)
            return MemberShape(
                name: name, kind: .list, valueKind: kind, isNullable: false, isSettable: false, enumName: nil,
                arguments: [.int64("index")], doc: doc, signalShape: nil, relatedName: signal, countName: countName
            ) {
                .init(
                    name: "\(prefix)_get_\(CName.underscored(itemName))",
                    type: .function([.input(handle, .object), .input("index", .int64), .output(out, kind.cType)]))
            }
        }
    }

    /// A signal that is not a property notification.
    public struct Event: Sendable {
        let name: String
        let doc: String
        let shape: SignalShape
        /// Queues the event for each value the ViewModel sends; nil when the object queues it
        /// itself.
        let observe: (@MainActor @Sendable (VM, RuntimeObject, Int) -> AnyCancellable)?

        /// An event carrying a record (`const RECORD *`, borrowed for the handler's call).
        public static func record<R: RecordValue>(
            _ name: String, _ doc: String, _ publisher: @escaping @MainActor @Sendable (VM) -> PassthroughSubject<R, Never>
        ) -> Self {
            Self(name: name, doc: doc, shape: R.valueKind.signalShape) { viewModel, object, index in
                object.subscription(to: publisher(viewModel)) { object, record in object.queueEvent(.record(index, record)) }
            }
        }

        /// An event carrying an id (`int64_t`).
        public static func id(_ name: String, _ doc: String, _ publisher: @escaping @MainActor @Sendable (VM) -> PassthroughSubject<Int, Never>)
            -> Self
        {
            Self(name: name, doc: doc, shape: .int64) { viewModel, object, index in
                object.subscription(to: publisher(viewModel)) { object, id in object.queueEvent(.int64(index, Int64(id))) }
            }
        }

        /// An event the object's own class queues.
        public static func custom(_ name: String, _ doc: String, shape: SignalShape) -> Self {
            Self(name: name, doc: doc, shape: shape, observe: nil)
        }
    }

    /// `NAMESPACE_PREFIX_new()` (`app_item_list_new()`) and `mvvm_object_new()` for the type.
    public struct Constructor: Sendable {
        let doc: String
        let arguments: [MemberShape.Argument]
        let out: String
        /// The new ViewModel, and the object it needs kept alive as long as it lives (the
        /// object argument it was made over), if any.
        let make: @MainActor @Sendable (Arguments) throws(APIError) -> (VM, RuntimeObject?)
        /// The runtime object wrapping a new ViewModel, when not the type's own (`object:` of
        /// the declaration).
        let object: (@MainActor @Sendable (VM, RuntimeObject?) -> RuntimeObject)?

        /// A constructor whose objects are made by `object` (a `ViewModelObject` subclass);
        /// the declaration's `object:` says it for every way of making the type's objects.
        public init(
            doc: String, arguments: [MemberShape.Argument], out: String,
            make: @escaping @MainActor @Sendable (Arguments) throws(APIError) -> (VM, RuntimeObject?),
            object: (@MainActor @Sendable (VM, RuntimeObject?) -> RuntimeObject)? = nil
        ) {
            self.doc = doc
            self.arguments = arguments
            self.out = out
            self.make = make
            self.object = object
        }

        func shape(prefix: String) -> MemberShape {
            let (arguments, out) = (arguments, out)
            return MemberShape(
                name: "new", kind: .constructor, valueKind: .object, isNullable: false, isSettable: false, enumName: nil,
                arguments: arguments, doc: doc, signalShape: nil, relatedName: nil, countName: nil
            ) {
                .init(name: "\(prefix)_new", type: .function(arguments.flatMap(\.cParameters) + [.output(out, .object, owned: true)]))
            }
        }
    }

    /// `NAMESPACE_PREFIX_new_host()` (`app_store_new_host()`) and `mvvm_object_new_host()`:
    /// the ViewModel over a host's implementation of `interface`.
    public struct HostConstructor: Sendable {
        let interface: HostInterfaceDeclaration
        let doc: String
        let out: String
        let make: @MainActor @Sendable (HostImplementation) throws(APIError) -> VM

        public static func host(
            _ interface: HostInterfaceDeclaration, _ doc: String, out: String = "out_vm",
            _ make: @escaping @MainActor @Sendable (HostImplementation) throws(APIError) -> VM
        ) -> Self {
            Self(interface: interface, doc: doc, out: out, make: make)
        }
    }
}

extension ViewModelDeclaration.Constructor where VM: DeclaredViewModel {
    /// A constructor whose object is of the type's object class (a `ViewModelObject`, unless
    /// the declaration names another).
    public static func new(
        _ doc: String, arguments: [MemberShape.Argument], out: String = "out_vm",
        _ make: @escaping @MainActor @Sendable (Arguments) throws(APIError) -> (VM, RuntimeObject?)
    ) -> Self {
        Self(doc: doc, arguments: arguments, out: out, make: make, object: nil)
    }
}
