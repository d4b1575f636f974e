import CMVVM

/// A value crossing the C boundary, in Swift form: what a property reads, a command takes and
/// returns, a list item is and an event carries. Its C forms are `mvvm_value` (the generic
/// entry points), the typed functions' parameters and the signal arguments.
///
/// Records and arrays are stored indirectly so that a `Value` stays two words plus a tag:
/// the scalar and string cases, which every keystroke's notification carries, copy cheaply.
public enum Value: Equatable {
    case none
    case bool(Bool)
    case int32(Int32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    /// A registered record (see `RecordValue`).
    indirect case record(any RecordValue)
    case object(OpaquePointer?)
    indirect case int64Array([Int64])

    public var kind: ValueKind {
        switch self {
        case .none: .none
        case .bool: .bool
        case .int32: .int32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .string: .string
        case .record(let record): record.recordKind
        case .object: .object
        case .int64Array: .int64Array
        }
    }

    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.none, .none): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int32(let a), .int32(let b)): a == b
        case (.int64(let a), .int64(let b)): a == b
        case (.uint64(let a), .uint64(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.record(let a), .record(let b)): a.isEqual(to: b)
        case (.object(let a), .object(let b)): a == b
        case (.int64Array(let a), .int64Array(let b)): a == b
        default: false
        }
    }
}

/// Sendable: every case is a copy (strings, records and arrays are Swift values) except an
/// object handle, which is a number the runtime checks on every use, never a pointer it
/// follows. So a value may cross to a host-request task or another actor.
extension Value: @unchecked Sendable {}

extension Value {
    /// Calls `body` with the value as a signal's C arguments (pointers valid during `body`);
    /// `.none` is the NULL of a nullable string or record.
    ///
    /// Nonisolated on purpose: a closure written in main-actor code and handed to the
    /// standard library's `withCString` gets a run-time executor check on every call.
    func withSignalValue(as shape: SignalShape, _ body: (SignalValue) -> Void) {
        switch self {
        case .bool(let flag): body(.int32(flag ? 1 : 0))
        case .int32(let value): body(.int32(value))
        case .int64(let value): body(.int64(value))
        case .string(let string): string.withCString { body(.pointer(UnsafeRawPointer($0))) }
        case .record(let record): record.withSignalPointer { body(.pointer($0)) }
        case .none:
            switch shape {
            case .string, .record: body(.pointer(nil))
            default: preconditionFailure("a property of shape \(shape) has no absent value")
            }
        case .uint64, .double, .object, .int64Array:
            preconditionFailure("no signal carries a \(kind.cName)")
        }
    }

    /// The `mvvm_value` form; strings are lent from `strings` (the object's borrowed strings).
    @MainActor
    func cValue(lendingFrom strings: BorrowedStrings) -> mvvm_value {
        var out = mvvm_value()
        switch self {
        case .none: break
        case .bool(let flag): out.as.boolean = flag ? 1 : 0
        case .int32(let value): out.as.int32 = value
        case .int64(let value): out.as.int64 = value
        case .uint64(let value): out.as.uint64 = value
        case .double(let value): out.as.real = value
        case .string(let string): out.as.string = strings.lend(string)
        case .record(let record):
            record.store(in: &out, lendingFrom: strings)
            return out
        case .object(let handle):
            // A bit cast: Tests/ABICheck compiles this file with handles spelled `void *`.
            out.as.object = handleBits(handle)
        case .int64Array:
            preconditionFailure("arrays are arguments only")
        }
        out.kind = kind.rawValue
        return out
    }

    /// A copy of the C value `value`, checked: NULL strings and invalid UTF-8 are refused.
    /// `parameter` names it in messages.
    init(copying value: mvvm_value, _ parameter: @autoclosure () -> String) throws(APIError) {
        guard let kind = ValueKind(rawValue: value.kind) else {
            throw .invalidArgument("\(parameter()) has kind \(value.kind), which is not an mvvm_value_kind.")
        }
        switch kind {
        case .none: self = .none
        case .bool:
            guard value.as.boolean == 0 || value.as.boolean == 1 else {
                throw .invalidArgument("\(parameter()) is a MVVM_VALUE_BOOL of \(value.as.boolean); it must be 0 or 1.")
            }
            self = .bool(value.as.boolean == 1)
        case .int32: self = .int32(value.as.int32)
        case .int64: self = .int64(value.as.int64)
        case .uint64: self = .uint64(value.as.uint64)
        case .double: self = .double(value.as.real)
        case .string: self = .string(try MVVMRuntime.string(from: value.as.string, "\(parameter()).as.string"))
        case .object: self = .object(handleBits(value.as.object))  // see cValue
        case .int64Array:
            let array = value.as.int64_array
            guard array.count <= 10_000_000 else {
                throw .invalidArgument("\(parameter()).as.int64_array.count \(array.count) is outside 0...10000000.")
            }
            guard array.count == 0 || array.items != nil else {
                throw .nullPointer("\(parameter()).as.int64_array.items (with a non-zero count)")
            }
            self = .int64Array(array.count == 0 ? [] : Array(UnsafeBufferPointer(start: array.items, count: array.count)))
        default:
            guard let record = kind.record, record.isReadable else {
                throw .invalidArgument("\(parameter()) is a \(kind.cName); no command or property takes one.")
            }
            let name = "\(parameter()).as"
            self = .record(try withUnsafeBytes(of: value.as) { bytes throws(APIError) in try record.read(bytes.baseAddress!, name) })
        }
    }
}

/// An object handle in another spelling of the same optional pointer (`mvvm_object *` is
/// `OpaquePointer?` here and `UnsafeMutableRawPointer?` where Tests/ABICheck compiles the
/// sources against handles spelled `void *`).
@inline(__always)
private func handleBits<From, To>(_ handle: From) -> To {
    unsafeBitCast(handle, to: To.self)
}
