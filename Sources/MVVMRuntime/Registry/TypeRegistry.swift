import CFFI
import CMVVM
import MVVMBindingCore
import Synchronization

/// Every type and record kind of the library, numbered when registered (GObject's
/// `g_type_register_static`, found by name as with `g_type_from_name`).
///
/// The application registers in its one registration function (`MVVMApplicationRegisterTypes`,
/// see `docs/DESIGN.md`), which the shared registry runs on its first use, from whichever thread
/// comes first (`mvvm_type_describe()` may be called from any thread, before `mvvm_init()`);
/// other threads wait for it. When it returns the registry is sealed: immutable, so lookups take
/// no lock.
///
/// Numbers: types from 1 in registration order (the framework has no types of its own, so the
/// application's first type is 1); record kinds from the record slots 7, 8, 9, 12, 13, ... No
/// declaration writes a number.
public final class TypeRegistry: @unchecked Sendable {
    /// The library's registry, loaded from the application's registration function.
    public static let shared = TypeRegistry(loadingWith: { _ = mvvm_register_application_types() })

    /// What fills the registry on its first use (the shared one: the application's registration
    /// function); nil for a registry filled by `register` calls alone.
    private let loadApplication: (() -> Void)?
    private let lock = RecursiveLock()
    /// Set (release) once nothing changes any more; readers check it (acquire) and then read
    /// the state below without the lock.
    private let sealed = Atomic<Bool>(false)
    // Guarded by `lock` until sealed; immutable afterwards.
    private var loadStarted = false
    private var registered: [RegisteredType] = []
    private var typeNames: [String: Int] = [:]
    private var cPrefixes: [String: Int] = [:]
    private var records: [RegisteredRecord] = []
    private var recordsByType: [ObjectIdentifier: RegisteredRecord] = [:]
    private var enums: [RegisteredEnum] = []
    private var shutdownWork: [@MainActor @Sendable () -> Void] = []
    /// The refusal that ended the application's registration (`registerApplication`), if any.
    private var failure: RegistrationError?

    /// A registry of its own, filled only by `register` calls (tests); `seal()` ends it.
    public convenience init() { self.init(loadingWith: nil) }

    /// A registry that `loader` fills on its first use, then seals (the shared one; tests).
    init(loadingWith loader: (() -> Void)?) {
        loadApplication = loader
        // Room for an application's types, records and enums up front: growing the indexes one
        // at a time rehashed them at every doubling, on every start.
        registered.reserveCapacity(Self.expectedTypes)
        typeNames.reserveCapacity(Self.expectedTypes)
        cPrefixes.reserveCapacity(Self.expectedTypes)
        records.reserveCapacity(Self.expectedTypes)
        recordsByType.reserveCapacity(Self.expectedTypes)
        enums.reserveCapacity(Self.expectedTypes)
    }

    private static let expectedTypes = 32

    // MARK: - Registration

    /// Registers `declaration` and gives it the next type number. Refused: a second type of
    /// the same name or C prefix, a declaration registered already, a sealed registry.
    @discardableResult
    public func register(_ declaration: TypeDeclaration) throws(RegistrationError) -> mvvm_type {
        try changing { () throws(RegistrationError) in
            try checkUnique(TypeNames(declaration))
            let number = UInt32(registered.count + 1)
            guard declaration.assign(type: number) else {
                throw RegistrationError("\(declaration.name) is registered already (as type \(declaration.type)).")
            }
            return append(RegisteredType(names: TypeNames(declaration), declaration: { declaration }))
        }
    }

    /// Registers the type of `names` and gives it the next type number; its declaration is
    /// built by `declaration` on first use (a lookup here, or the type's own code reading it),
    /// and given that number then. For the application's registration, where most types are
    /// not used before the first page (`DeclaredViewModel.declaredNames`).
    @discardableResult
    func register(_ names: TypeNames, declaration: @escaping @Sendable () -> TypeDeclaration) throws(RegistrationError) -> mvvm_type {
        try changing { () throws(RegistrationError) in
            try checkUnique(names)
            let number = UInt32(registered.count + 1)
            return append(
                RegisteredType(names: names) {
                    let built = declaration()
                    built.adopt(type: number, registeredAs: names)
                    return built
                })
        }
    }

    /// Refuses a second type of the same name or C prefix. Called with the lock held.
    private func checkUnique(_ names: TypeNames) throws(RegistrationError) {
        if let index = typeNames[names.name] {
            throw RegistrationError(
                "A second type named \"\(names.name)\" was registered; type \(index + 1) has that name already (type names are unique: mvvm_type_find() finds a type by name)."
            )
        }
        if let index = cPrefixes[names.cFunctionPrefix] {
            throw RegistrationError(
                "\(names.name) has the C prefix \"\(names.cFunctionPrefix)\" of \(registered[index].names.name) (type \(index + 1)); C prefixes are unique."
            )
        }
    }

    /// Adds `type` as the next type. Called with the lock held.
    private func append(_ type: RegisteredType) -> mvvm_type {
        typeNames[type.names.name] = registered.count
        cPrefixes[type.names.cFunctionPrefix] = registered.count
        registered.append(type)
        return mvvm_type(registered.count)
    }

    /// Whether types are registered by their names, their declarations built on first use:
    /// the application's registration (the shared registry). A registry filled by `register`
    /// calls alone (tests) builds each declaration as it registers it.
    var registersByNames: Bool { loadApplication != nil }

    /// Registers the record type `type` with C names that follow from its name and the
    /// application's C prefix (`Item` with "app": `app_item`, `APP_VALUE_ITEM`), and gives
    /// it the next record kind.
    @discardableResult
    public func register<R: RecordValue>(record type: R.Type, prefix: String) throws(RegistrationError) -> ValueKind {
        let name = CName.snakeCase(R.recordDeclaration.name)
        return try register(record: type, cType: "\(prefix)_\(name)", cName: "\(prefix)_VALUE_\(name)".uppercased())
    }

    /// Registers the record type `type` with its C struct and value-kind names, and gives it
    /// the next record kind. Refused: a record registered already, a name or C name taken, a
    /// struct that does not fit in `mvvm_value`'s union, a record without fields, a field of an
    /// enum not registered yet.
    @discardableResult
    public func register<R: RecordValue>(record type: R.Type, cType: String, cName: String) throws(RegistrationError) -> ValueKind {
        try changing { () throws(RegistrationError) in
            let declaration = R.recordDeclaration
            guard recordsByType[ObjectIdentifier(type)] == nil else {
                throw RegistrationError("The record \(String(reflecting: type)) is registered already.")
            }
            if let taken = records.first(where: { $0.cType == cType || $0.cName == cName || $0.name == declaration.name }) {
                throw RegistrationError(
                    "The record \(String(reflecting: type)) takes the name \(declaration.name) or the C name \(cType)/\(cName) of \(taken.swiftTypeName)."
                )
            }
            guard !declaration.fields.isEmpty else {
                throw RegistrationError("The record \(declaration.name) declares no fields.")
            }
            if let repeated = firstRepeated(in: declaration.fields.map(\.name)) {
                throw RegistrationError("The record \(declaration.name) declares the field \"\(repeated)\" twice.")
            }
            let union = MemoryLayout.size(ofValue: mvvm_value().as)
            guard declaration.layout.size <= union else {
                throw RegistrationError(
                    "\(cType) (\(declaration.layout.size) bytes) does not fit in mvvm_value's union (\(union) bytes), which carries records inline.")
            }
            var enumCTypes: [String: String] = [:]
            for field in declaration.fields {
                guard case .enumeration(let enumName) = field.kind else { continue }
                guard let registered = enums.first(where: { $0.name == enumName }) else {
                    throw RegistrationError(
                        "The record \(declaration.name)'s field \"\(field.name)\" holds the enum \(enumName), which is not registered: register it before the record."
                    )
                }
                enumCTypes[enumName] = registered.cType
            }
            let record = RegisteredRecord(
                type, kind: Self.recordKindNumber(records.count), cType: cType, cName: cName, enumCTypes: enumCTypes)
            records.append(record)
            recordsByType[ObjectIdentifier(type)] = record
            return ValueKind(record: record.kind)
        }
    }

    /// Registers the declared enum `declaration` with C names that follow from its name and the
    /// application's C prefix (`NoteSort` with "app": `app_item_sort`,
    /// `NOTES_NOTE_SORT_TITLE`). Refused: an enum of the same name or C type, no cases, a case
    /// name or number given twice.
    public func register<Model>(enumeration declaration: EnumDeclaration<Model>, prefix: String) throws(RegistrationError) {
        try changing { () throws(RegistrationError) in
            let registered = RegisteredEnum(declaration, cType: "\(prefix)_\(CName.snakeCase(declaration.name))")
            if enums.contains(where: { $0.name == registered.name || $0.cType == registered.cType }) {
                throw RegistrationError("A second enum named \(registered.name) (\(registered.cType)) was registered.")
            }
            guard !declaration.cases.isEmpty else { throw RegistrationError("The enum \(registered.name) declares no cases.") }
            if let repeated = firstRepeated(in: declaration.cases.map(\.name)) {
                throw RegistrationError("The enum \(registered.name) declares the case \"\(repeated)\" twice.")
            }
            if let repeated = firstRepeated(in: declaration.numbers) {
                throw RegistrationError("The enum \(registered.name) gives two cases the number \(repeated).")
            }
            enums.append(registered)
        }
    }

    /// Registers the enum `type` (an `@Enumeration`) by its declaration.
    public func register<E: DeclaredEnum>(enumeration type: E.Type, prefix: String) throws(RegistrationError) {
        try register(enumeration: E.declaration, prefix: prefix)
    }

    /// Registers `ViewState` (of `Loaded`; one per application) by its declaration.
    public func register<Loaded>(enumeration type: ViewState<Loaded>.Type, prefix: String) throws(RegistrationError) {
        try register(enumeration: ViewState<Loaded>.declaration, prefix: prefix)
    }

    /// Runs an application's registrations (its `MVVMApplicationRegisterTypes` passes them
    /// here): a refusal is kept rather than trapped. Everything registered before it is
    /// dropped, so the library has no types, and `mvvm_init()` and every constructor answer
    /// MVVM_E_STATE with the refusal's message (`requireApplication()`): a host learns what is
    /// wrong instead of crashing.
    public func registerApplication(_ registrations: (TypeRegistry) throws(RegistrationError) -> Void) {
        do throws(RegistrationError) {
            try registrations(self)
        } catch {
            try? lock.withLock { () throws(RegistrationError) in
                failure = error
                registered = []
                typeNames = [:]
                cPrefixes = [:]
                records = []
                recordsByType = [:]
                enums = []
                shutdownWork = []
            }
        }
    }

    /// The refusal that ended the application's registration, if one did.
    public var registrationFailure: RegistrationError? { read { failure } }

    /// Loads the application, and fails when its registration was refused (see
    /// `registerApplication`).
    func requireApplication() throws(APIError) {
        guard let failure = registrationFailure else { return }
        throw APIError(MVVM_E_STATE, "The application's types could not be registered: \(failure.description)")
    }

    /// Work for `mvvm_shutdown()`, after every object is destroyed (the application's own
    /// state that outlives objects, such as pending host requests).
    public func atShutdown(_ work: @escaping @MainActor @Sendable () -> Void) throws(RegistrationError) {
        try changing { () throws(RegistrationError) in shutdownWork.append(work) }
    }

    /// Ends registration: the registry is immutable from now on.
    public func seal() {
        try? lock.withLock { () throws(RegistrationError) in sealed.store(true, ordering: .releasing) }
    }

    /// The record slots: 7, 8, 9, then 12 onwards.
    static func recordKindNumber(_ position: Int) -> Int32 {
        position < 3 ? Int32(7 + position) : Int32(12 + position - 3)
    }

    // MARK: - Lookups (any thread)

    /// Every registered type, in type-number order (each declaration built, if it was not).
    public var declarations: [TypeDeclaration] { read { registered }.map { $0.declaration() } }

    public func declaration(of type: mvvm_type) -> TypeDeclaration? {
        let entry = read { () -> RegisteredType? in
            let index = Int(type) - 1
            return registered.indices.contains(index) ? registered[index] : nil
        }
        return entry?.declaration()
    }

    public func declaration(named name: String) -> TypeDeclaration? {
        read { typeNames[name].map { registered[$0] } }?.declaration()
    }

    /// The number registered for a declaration of `names`, when a declaration built by its
    /// type's own code (not through a lookup here) asks for it.
    func number(of names: TypeNames) -> UInt32? {
        read { () -> UInt32? in
            guard let index = typeNames[names.name], registered[index].names == names else { return nil }
            return UInt32(index + 1)
        }
    }

    func record<R: RecordValue>(of type: R.Type) -> RegisteredRecord? {
        read { recordsByType[ObjectIdentifier(type)] }
    }

    public func record(kind: Int32) -> RegisteredRecord? {
        guard kind >= 7 else { return nil }
        return read { records.first { $0.kind == kind } }
    }

    package func record(cType: String) -> RegisteredRecord? {
        read { records.first { $0.cType == cType } }
    }

    public func record(named name: String) -> RegisteredRecord? {
        read { records.first { $0.name == name } }
    }

    public func enumeration(named name: String) -> RegisteredEnum? {
        read { enums.first { $0.name == name } }
    }

    public func enumeration(cType: String) -> RegisteredEnum? {
        read { enums.first { $0.cType == cType } }
    }

    /// Every registered enum, in registration order.
    public var registeredEnums: [RegisteredEnum] { read { enums } }

    /// Every registered record, in kind order.
    public var registeredRecords: [RegisteredRecord] { read { records } }

    /// Runs the application's shutdown work. A registry whose application never loaded (no
    /// type was used since the library loaded) has none of the application's state to end, and
    /// is left unloaded: loading it here would register every type only to end nothing (≈ 3 ms
    /// of a Python `Runtime()` that is started and shut down).
    @MainActor func runShutdownWork() {
        let loaded = (try? lock.withLock { () throws(RegistrationError) in loadStarted }) ?? false
        if loadApplication != nil, !loaded { return }
        for work in read({ shutdownWork }) { work() }
        // Then the framework's: pending host requests end (their `cancel` functions run) and
        // every host table still alive (the application's repositories' too) gets its destroy
        // notifier.
        HostLifetime.shutDownAll()
    }

    // MARK: - Loading

    /// Runs the application's registration function once (shared registry), then seals.
    @inline(__always)
    func ensureLoaded() {
        if !sealed.load(ordering: .acquiring) { loadOnce() }
    }

    private func loadOnce() {
        try? lock.withLock { () throws(RegistrationError) in
            guard let loadApplication, !loadStarted else { return }
            loadStarted = true
            loadApplication()
            sealed.store(true, ordering: .releasing)
        }
    }

    private func read<Result>(_ body: () -> Result) -> Result {
        ensureLoaded()
        if sealed.load(ordering: .acquiring) { return body() }
        // Still registering (a test registry, or the application's function on this thread).
        return try! lock.withLock { () throws(RegistrationError) in body() }
    }

    private func changing<Result>(_ body: () throws(RegistrationError) -> Result) throws(RegistrationError) -> Result {
        ensureLoaded()
        return try lock.withLock { () throws(RegistrationError) in
            guard !sealed.load(ordering: .acquiring) else {
                throw RegistrationError(
                    "The registry is sealed: an application registers its types in its MVVMApplicationRegisterTypes function, which runs once, on the registry's first use."
                )
            }
            return try body()
        }
    }
}

/// A registered type: its names, checked and indexed at registration, and its declaration,
/// built on first use (`TypeRegistry.register(_:declaration:)`) or given at registration.
struct RegisteredType: Sendable {
    let names: TypeNames
    let declaration: @Sendable () -> TypeDeclaration
}

/// The first element of `items` that occurs again after it. By comparing pairs: the lists are a
/// declaration's few names or numbers, checked at every start, where a dictionary grouping
/// them (or a set) instantiated its generic types' metadata first (≈ 0.1 M instructions in all).
func firstRepeated<Element: Equatable>(in items: [Element]) -> Element? {
    for index in items.indices where items[(index + 1)...].contains(items[index]) {
        return items[index]
    }
    return nil
}
