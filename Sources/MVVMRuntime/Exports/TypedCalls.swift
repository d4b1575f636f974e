import CMVVM

/// The bodies of the typed C functions that `mvvm-generate` writes (Exports/Generated/):
/// each is one call here with its member id, so a typed function and its generic twin
/// (`mvvm_object_get` …) share one path to the ViewModel.
@MainActor
public enum TypedCall {
    public typealias Convert<Out> = (Value, BorrowedStrings) -> Out

    // MARK: - Properties

    @inline(__always)
    public static func get<VM: DeclaredViewModel, Out>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ out: UnsafeMutablePointer<Out>?, _ parameter: String,
        as convert: Convert<Out>, function: StaticString = #function
    ) -> mvvm_status {
        objectGet(vm, as: ViewModelObject<VM>.self, out, parameter, function: function) { object throws(APIError) in
            convert(try object.declaration.read(member, of: object), object.borrowed)
        }
    }

    /// A nullable struct with a loaded flag: *out_loaded 0 and the struct untouched while absent.
    public static func getLoaded<VM: DeclaredViewModel, Out>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ outLoaded: UnsafeMutablePointer<Int32>?, _ loadedName: String,
        _ out: UnsafeMutablePointer<Out>?, _ parameter: String, as convert: Convert<Out>, function: StaticString = #function
    ) -> mvvm_status {
        apiCall(function: function) { runtime throws(APIError) in
            let loaded = try require(outLoaded, loadedName)
            let out = try require(out, parameter)
            let object = try runtime.object(vm, as: ViewModelObject<VM>.self)
            let value = try object.declaration.read(member, of: object)
            guard value != .none else {
                loaded.pointee = 0
                return
            }
            out.pointee = convert(value, object.borrowed)
            loaded.pointee = 1
        }
    }

    /// A nullable struct that must be present: MVVM_E_STATE (the property's message) otherwise.
    public static func getPresent<VM: DeclaredViewModel, Out>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ out: UnsafeMutablePointer<Out>?, _ parameter: String,
        as convert: Convert<Out>, function: StaticString = #function
    ) -> mvvm_status {
        objectGet(vm, as: ViewModelObject<VM>.self, out, parameter, function: function) { object throws(APIError) in
            let value = try object.declaration.read(member, of: object)
            guard value != .none else {
                let property = VM.declaration.properties[member]
                throw APIError(MVVM_E_STATE, property.absentMessage?(object) ?? "\(VM.declaration.name).\(property.name) is absent.")
            }
            return convert(value, object.borrowed)
        }
    }

    @inline(__always)
    public static func set<VM: DeclaredViewModel>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ value: @autoclosure () throws(APIError) -> Value, function: StaticString = #function
    ) -> mvvm_status {
        objectCall(vm, as: ViewModelObject<VM>.self, function: function) { object throws(APIError) in
            try object.declaration.write(member, of: object, try value())
        }
    }

    // MARK: - Commands

    @inline(__always)
    public static func invoke<VM: DeclaredViewModel>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ arguments: @autoclosure () throws(APIError) -> [Value] = [],
        function: StaticString = #function
    ) -> mvvm_status {
        objectCall(vm, as: ViewModelObject<VM>.self, function: function) { object throws(APIError) in
            _ = try object.declaration.invoke(member, of: object, try arguments())
        }
    }

    /// A command with a result, written through `out` unless it is NULL.
    public static func invoke<VM: DeclaredViewModel, Out>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ arguments: @autoclosure () throws(APIError) -> [Value],
        result out: UnsafeMutablePointer<Out>?, as convert: Convert<Out>, function: StaticString = #function
    ) -> mvvm_status {
        objectCall(vm, as: ViewModelObject<VM>.self, function: function) { object throws(APIError) in
            let result = try object.declaration.invoke(member, of: object, try arguments())
            out?.pointee = convert(result, object.borrowed)
        }
    }

    // MARK: - Lists

    public static func count<VM: DeclaredViewModel>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ out: UnsafeMutablePointer<Int64>?, _ parameter: String,
        function: StaticString = #function
    ) -> mvvm_status {
        objectGet(vm, as: ViewModelObject<VM>.self, out, parameter, function: function) { object throws(APIError) in
            Int64(try object.declaration.count(member, of: object))
        }
    }

    public static func item<VM: DeclaredViewModel, Out>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ index: Int64, _ out: UnsafeMutablePointer<Out>?,
        _ parameter: String, as convert: Convert<Out>, function: StaticString = #function
    ) -> mvvm_status {
        objectGet(vm, as: ViewModelObject<VM>.self, out, parameter, function: function) { object throws(APIError) in
            convert(try MVVMRuntime.item(member, at: index, of: object), object.borrowed)
        }
    }

    // MARK: - Records of an application's own header

    /// `get` of a record property whose C struct only the application's own header declares
    /// (`app_item`): Swift sees the out-parameter as raw memory, of the declaration's layout.
    public static func get<VM: DeclaredViewModel, R: RecordValue>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ out: UnsafeMutableRawPointer?, _ parameter: String,
        record: R.Type, function: StaticString = #function
    ) -> mvvm_status {
        recordProperty(vm, VM.self, member, out, parameter, function: function) { value, object, out throws(APIError) in
            writeRecord(value, R.self, to: out, object.borrowed)
        }
    }

    /// `getLoaded` of such a record: *out_loaded 0 and the struct untouched while absent.
    public static func getLoaded<VM: DeclaredViewModel, R: RecordValue>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ outLoaded: UnsafeMutablePointer<Int32>?, _ loadedName: String,
        _ out: UnsafeMutableRawPointer?, _ parameter: String, record: R.Type, function: StaticString = #function
    ) -> mvvm_status {
        recordProperty(vm, VM.self, member, out, parameter, function: function) { value, object, out throws(APIError) in
            let loaded = try require(outLoaded, loadedName)
            guard value != .none else {
                loaded.pointee = 0
                return
            }
            writeRecord(value, R.self, to: out, object.borrowed)
            loaded.pointee = 1
        }
    }

    /// `getPresent` of such a record: MVVM_E_STATE (the property's message) while absent.
    public static func getPresent<VM: DeclaredViewModel, R: RecordValue>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ out: UnsafeMutableRawPointer?, _ parameter: String,
        record: R.Type, function: StaticString = #function
    ) -> mvvm_status {
        recordProperty(vm, VM.self, member, out, parameter, function: function) { value, object, out throws(APIError) in
            guard value != .none else {
                let property = VM.declaration.properties[member]
                throw APIError(MVVM_E_STATE, property.absentMessage?(object) ?? "\(VM.declaration.name).\(property.name) is absent.")
            }
            writeRecord(value, R.self, to: out, object.borrowed)
        }
    }

    /// Reads record property `member` of `vm` for the three getters above, `out` checked.
    private static func recordProperty<VM: DeclaredViewModel>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ out: UnsafeMutableRawPointer?, _ parameter: String,
        function: StaticString, _ body: (Value, ViewModelObject<VM>, UnsafeMutableRawPointer) throws(APIError) -> Void
    ) -> mvvm_status {
        apiCall(function: function) { runtime throws(APIError) in
            guard let out else { throw .nullPointer(parameter) }
            let object = try runtime.object(vm, as: ViewModelObject<VM>.self)
            try body(try object.declaration.read(member, of: object), object, out)
        }
    }

    /// `invoke` of a command whose result is such a record, written through `out` unless it
    /// is NULL.
    public static func invoke<VM: DeclaredViewModel, R: RecordValue>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ arguments: @autoclosure () throws(APIError) -> [Value],
        result out: UnsafeMutableRawPointer?, record: R.Type, function: StaticString = #function
    ) -> mvvm_status {
        objectCall(vm, as: ViewModelObject<VM>.self, function: function) { object throws(APIError) in
            let result = try object.declaration.invoke(member, of: object, try arguments())
            if let out { writeRecord(result, R.self, to: out, object.borrowed) }
        }
    }

    /// `item` of a list of such records (see `get(_:_:_:_:_:record:)`).
    public static func item<VM: DeclaredViewModel, R: RecordValue>(
        _ vm: OpaquePointer?, _ type: VM.Type, _ member: Int, _ index: Int64, _ out: UnsafeMutableRawPointer?,
        _ parameter: String, record: R.Type, function: StaticString = #function
    ) -> mvvm_status {
        apiCall(function: function) { runtime throws(APIError) in
            guard let out else { throw .nullPointer(parameter) }
            let object = try runtime.object(vm, as: ViewModelObject<VM>.self)
            writeRecord(try MVVMRuntime.item(member, at: index, of: object), R.self, to: out, object.borrowed)
        }
    }

    /// Writes the record `value`'s C form at `out`, lent fresh (releasing what was lent before).
    private static func writeRecord<R: RecordValue>(
        _ value: Value, _ type: R.Type, to base: UnsafeMutableRawPointer, _ strings: BorrowedStrings
    ) {
        strings.releaseAll()
        guard case .record(let record) = value, Swift.type(of: record) == R.self else {
            preconditionFailure("a \(R.self) member read a \(value.kind)")
        }
        base.initializeMemory(as: UInt8.self, repeating: 0, count: R.recordDeclaration.layout.size)
        record.write(to: base, lendingFrom: strings)
    }

    // MARK: - Constructors

    public static func new<VM: DeclaredViewModel>(
        _ type: VM.Type, _ arguments: @autoclosure () throws(APIError) -> [Value], _ out: UnsafeMutablePointer<OpaquePointer?>?,
        _ parameter: String, function: StaticString = #function
    ) -> mvvm_status {
        apiCall(function: function) { runtime throws(APIError) in
            let out = try require(out, parameter)
            // The registry first: a declaration that names a record or an interface reads the
            // registry while it is built, and registering touches every declaration, so
            // building one before the registry is loaded would re-enter its own lazy init.
            try TypeRegistry.shared.requireApplication()
            let values = try arguments()
            if Journal.isOn { JournalCalls.operation("new", type: VM.declaration.name, arguments: values) }
            out.pointee = runtime.register(try VM.declaration.make(values, in: runtime))
            if Journal.isOn { JournalCalls.out(object: out.pointee) }
        }
    }

    /// `NAMESPACE_PREFIX_new_host()`: an object over the host's table (see `mvvm_object_new_host()`).
    public static func newHost<VM: DeclaredViewModel>(
        _ type: VM.Type, _ vtable: UnsafeRawPointer?, _ userData: UnsafeMutableRawPointer?, _ destroy: mvvm_destroy_notify?,
        _ out: UnsafeMutablePointer<OpaquePointer?>?, _ parameter: String, function: StaticString = #function
    ) -> mvvm_status {
        apiCall(function: function) { runtime throws(APIError) in
            let out = try require(out, parameter)
            try TypeRegistry.shared.requireApplication()  // as in `new`
            out.pointee = try makeOverHost(VM.declaration, vtable, userData, destroy, in: runtime)
        }
    }

    // MARK: - C arguments

    public static func string(_ pointer: UnsafePointer<CChar>?, _ parameter: String) throws(APIError) -> Value {
        .string(try MVVMRuntime.string(from: pointer, parameter))
    }

    /// A record argument (`const RECORD *`), read by the record's declaration: NULL refused.
    public static func lentRecord<R: RecordValue>(_ pointer: UnsafeRawPointer?, _ type: R.Type, _ parameter: String) throws(APIError) -> Value {
        guard let pointer else { throw .nullPointer(parameter) }
        return .record(try R.recordDeclaration.read(from: pointer, parameter))
    }

    /// `lentRecord` for a struct Swift sees (`UnsafePointer<app_item>`).
    public static func lentRecord<R: RecordValue, CForm>(
        _ pointer: UnsafePointer<CForm>?, _ type: R.Type, _ parameter: String
    ) throws(APIError) -> Value {
        precondition(MemoryLayout<CForm>.size == R.recordDeclaration.layout.size, "\(CForm.self) is not \(R.self)'s C struct")
        return try lentRecord(pointer.map(UnsafeRawPointer.init), type, parameter)
    }

    public static func flag(_ value: Int32, _ parameter: String) throws(APIError) -> Value {
        guard value == 0 || value == 1 else { throw .invalidArgument("\(parameter) is \(value); it must be 0 or 1.") }
        return .bool(value == 1)
    }

    public static func int64Array(_ items: UnsafePointer<Int64>?, _ count: UInt, _ parameter: String) throws(APIError) -> Value {
        var array = mvvm_int64_array()
        array.items = items
        array.count = Int(clamping: count)
        var value = mvvm_value()
        value.kind = ValueKind.int64Array.rawValue
        value.as.int64_array = array
        return try Value(copying: value, parameter)
    }

    // MARK: - Conversions to the typed functions' C types

    public static let int32: Convert<Int32> = { value, _ in
        switch value {
        case .bool(let flag): flag ? 1 : 0
        case .int32(let number): number
        default: 0
        }
    }
    public static let int64: Convert<Int64> = { value, _ in
        if case .int64(let number) = value { return number }
        return 0
    }
    /// Lends a fresh copy (releasing what the object lent before); NULL when absent.
    public static let string: Convert<UnsafePointer<CChar>?> = { value, strings in
        strings.releaseAll()
        if case .string(let text) = value { return strings.lend(text) }
        return nil
    }
    /// A record's C form, lent fresh (releasing what the object lent before). `CForm` is the
    /// typed function's struct (`app_item`), whose size is the declaration's layout's.
    @inline(__always)
    public static func record<R: RecordValue, CForm>(_ type: R.Type) -> Convert<CForm> {
        { value, strings in
            strings.releaseAll()
            guard case .record(let record) = value, Swift.type(of: record) == R.self else {
                preconditionFailure("a \(R.self) member read a \(value.kind)")
            }
            precondition(MemoryLayout<CForm>.size == R.recordDeclaration.layout.size, "\(CForm.self) is not \(R.self)'s C struct")
            return withUnsafeTemporaryAllocation(of: CForm.self, capacity: 1) { buffer in
                let base = UnsafeMutableRawPointer(buffer.baseAddress!)
                base.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<CForm>.size)
                record.write(to: base, lendingFrom: strings)
                return base.load(as: CForm.self)
            }
        }
    }

    public static let object: Convert<OpaquePointer?> = { value, _ in
        if case .object(let handle) = value { return handle }
        return nil
    }
}
