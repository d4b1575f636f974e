import CMVVM
import Glibc

/// Values read back from a journal line, by the kind the member or request needs.
enum ReplayValues {
    /// Why a journal's value cannot be rebuilt.
    struct Unreadable: Error {
        let message: String
    }

    /// The value `json` as a `kind`, object handles mapped by `objects` (recorded → live).
    @MainActor
    static func value(_ json: JSON, _ kind: ValueKind, objects: (UInt64) -> OpaquePointer?) throws(Unreadable) -> Value {
        if case .object(let fields) = json, fields.contains(where: { $0.key == "cut" }) {
            throw Unreadable(message: "the journal cut this value (\(json.text.prefix(80))…): it cannot be passed again")
        }
        // A NULL handle is a handle argument still (the library refuses it as it did then).
        if json == .null { return kind == .object ? .object(nil) : .none }
        switch kind {
        case .bool:
            guard case .bool(let flag) = json else { throw unreadable(json, kind) }
            return .bool(flag)
        case .int32:
            guard let number = json.int64, let narrow = Int32(exactly: number) else { throw unreadable(json, kind) }
            return .int32(narrow)
        case .int64:
            guard let number = json.int64 else { throw unreadable(json, kind) }
            return .int64(number)
        case .uint64:
            guard let number = json.uint64 else { throw unreadable(json, kind) }
            return .uint64(number)
        case .double:
            return .double(try double(json))
        case .string:
            guard let text = json.string else { throw unreadable(json, kind) }
            return .string(text)
        case .object:
            guard let bits = json["object"]?.uint64 else { throw unreadable(json, kind) }
            guard let live = objects(bits) else { throw Unreadable(message: "the object \(bits) was never made in this replay") }
            return .object(live)
        case .int64Array:
            guard let items = json.array else { throw unreadable(json, kind) }
            var numbers: [Int64] = []
            for item in items {
                guard let number = item.int64 else { throw unreadable(json, kind) }
                numbers.append(number)
            }
            return .int64Array(numbers)
        default:
            guard let record = kind.record else { throw unreadable(json, kind) }
            return try recordValue(json, record)
        }
    }

    private static func double(_ json: JSON) throws(Unreadable) -> Double {
        switch json {
        case .string("nan"): return .nan
        case .string("inf"): return .infinity
        case .string("-inf"): return -.infinity
        case .number(let text):
            guard let number = Double(text) else { throw unreadable(json, .double) }
            return number
        default: throw unreadable(json, .double)
        }
    }

    /// A record from its fields: its C struct is built as the host would pass it, then read by
    /// the record's declaration (so the same checks apply).
    private static func recordValue(_ json: JSON, _ record: RegisteredRecord) throws(Unreadable) -> Value {
        let base = UnsafeMutableRawPointer.allocate(byteCount: max(record.layout.size, 1), alignment: record.layout.alignment)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: record.layout.size)
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer {
            for string in strings { free(string) }
            base.deallocate()
        }
        for (field, offset) in zip(record.fields, record.layout.offsets) {
            guard let value = json[field.name] else { throw Unreadable(message: "the \(record.name) \(json.text) has no field \(field.name)") }
            switch field.kind {
            case .int64:
                guard let number = value.int64 else { throw unreadable(value, .int64) }
                base.storeBytes(of: number, toByteOffset: offset, as: Int64.self)
            case .int32, .enumeration:
                guard let number = value.int64, let narrow = Int32(exactly: number) else { throw unreadable(value, .int32) }
                base.storeBytes(of: narrow, toByteOffset: offset, as: Int32.self)
            case .bool:
                guard case .bool(let flag) = value else { throw unreadable(value, .bool) }
                base.storeBytes(of: flag ? 1 : 0, toByteOffset: offset, as: Int32.self)
            case .double:
                base.storeBytes(of: try double(value), toByteOffset: offset, as: Double.self)
            case .string, .optionalString:
                if value == .null { continue }
                guard let text = value.string, let copy = strdup(text) else { throw unreadable(value, .string) }
                strings.append(copy)
                base.storeBytes(of: UnsafePointer(copy), toByteOffset: offset, as: UnsafePointer<CChar>.self)
            }
        }
        do throws(APIError) {
            return .record(try record.read(UnsafeRawPointer(base), record.name))
        } catch {
            throw Unreadable(message: "the journal's \(record.name) is refused: \(error.message)")
        }
    }

    private static func unreadable(_ json: JSON, _ kind: ValueKind) -> Unreadable {
        Unreadable(message: "\(json.text.prefix(80)) is not a \(kind.cName)")
    }
}

/// Values passed to the generic entry points: each value's `mvvm_value`, its strings lent
/// from one `BorrowedStrings` that lives as long as the call.
@MainActor
struct ReplayArguments {
    private let strings = BorrowedStrings()
    let values: [mvvm_value]

    init(_ values: [Value]) {
        let strings = self.strings
        self.values = values.map { $0.cValue(lendingFrom: strings) }
    }
}
