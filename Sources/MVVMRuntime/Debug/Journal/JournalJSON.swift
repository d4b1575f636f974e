import CMVVM
import Glibc

/// Values as the journal writes them (docs/JOURNAL.md, "Values"): numbers and flags as JSON
/// numbers and booleans, strings as JSON strings, records as objects of their fields, an
/// object handle as `{"object":N}`, absent as `null`, a double that is no JSON number as the
/// string "nan", "inf" or "-inf".
///
/// The cut rule: a string of more than `maximumStringBytes` UTF-8 bytes is written as
/// `{"cut":BYTES,"prefix":"…"}` (its first bytes, ending on a character boundary), an array
/// of more than `maximumItems` items as `{"cut":COUNT,"items":[…]}`. Replay refuses a call
/// whose arguments were cut (it cannot rebuild them) and compares a cut signal argument by
/// its prefix.
package enum JournalJSON {
    package static let maximumStringBytes = 4096
    package static let maximumItems = 1024

    /// A JSON string of `text`, cut as the rule says.
    package static func string(_ text: String) -> String {
        let bytes = text.utf8.count
        guard bytes > maximumStringBytes else { return quoted(text) }
        var prefix = Substring(text)
        while prefix.utf8.count > maximumStringBytes { prefix = prefix.dropLast() }
        return "{\"cut\":\(bytes),\"prefix\":" + quoted(String(prefix)) + "}"
    }

    /// `text` as a JSON string literal, escaped.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func number(_ value: Double) -> String {
        if value.isNaN { return "\"nan\"" }
        if value.isInfinite { return value > 0 ? "\"inf\"" : "\"-inf\"" }
        return "\(value)"
    }

    /// An object handle: `{"object":N}` (the handle's bits), `null` for NULL.
    static func object(_ handle: OpaquePointer?) -> String {
        guard let handle else { return "null" }
        return "{\"object\":\(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle))))}"
    }

    /// A `Value`.
    package static func value(_ value: Value) -> String {
        switch value {
        case .none: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .int32(let number): "\(number)"
        case .int64(let number): "\(number)"
        case .uint64(let number): "\(number)"
        case .double(let number): self.number(number)
        case .string(let text): string(text)
        case .record(let record): recordValue(record)
        case .object(let handle): object(handle)
        case .int64Array(let items): array(items.map { "\($0)" })
        }
    }

    package static func values(_ values: [Value]) -> String { array(values.map(value)) }

    /// Items as a JSON array, cut as the rule says.
    static func array(_ items: [String]) -> String {
        guard items.count > maximumItems else { return "[" + items.joined(separator: ",") + "]" }
        return "{\"cut\":\(items.count),\"items\":[" + items.prefix(maximumItems).joined(separator: ",") + "]}"
    }

    private static func recordValue(_ record: any RecordValue) -> String {
        guard let registered = TypeRegistry.shared.record(kind: record.recordKind.rawValue) else { return "null" }
        var json = "null"
        record.withSignalPointer { json = self.record(at: $0, registered) }
        return json
    }

    /// The C struct of `record` at `base` as an object of its fields.
    static func record(at base: UnsafeRawPointer, _ record: RegisteredRecord) -> String {
        var fields: [String] = []
        for (field, offset) in zip(record.fields, record.layout.offsets) {
            let json: String
            switch field.kind {
            case .int64: json = "\(base.loadUnaligned(fromByteOffset: offset, as: Int64.self))"
            case .int32, .enumeration: json = "\(base.loadUnaligned(fromByteOffset: offset, as: Int32.self))"
            case .bool: json = base.loadUnaligned(fromByteOffset: offset, as: Int32.self) != 0 ? "true" : "false"
            case .double: json = number(base.loadUnaligned(fromByteOffset: offset, as: Double.self))
            case .string, .optionalString:
                if let text = base.loadUnaligned(fromByteOffset: offset, as: UnsafePointer<CChar>?.self) {
                    json = string(String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self))
                } else {
                    json = "null"
                }
            }
            fields.append(quoted(field.name) + ":" + json)
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A signal's C arguments (between the object and user_data) as a JSON array.
    static func signal(_ value: SignalValue, _ shape: SignalShape) -> String {
        switch value {
        case .int32(let number): return "[\(number)]"
        case .int64(let number): return "[\(number)]"
        case .pointer(let pointer):
            guard let pointer else { return "[null]" }
            switch shape {
            case .string:
                let text = pointer.assumingMemoryBound(to: CChar.self)
                return "[" + string(String(decoding: UnsafeRawBufferPointer(start: text, count: strlen(text)), as: UTF8.self)) + "]"
            case .record(let cType):
                guard let registered = TypeRegistry.shared.record(cType: cType) else { return "[null]" }
                return "[" + record(at: pointer, registered) + "]"
            default:
                return "[null]"
            }
        case .changes(let changes, let count):
            var items: [String] = []
            for index in 0..<count {
                let change = changes![index]
                items.append("{\"kind\":\(change.kind),\"start\":\(change.start),\"count\":\(change.count)}")
            }
            return "[" + array(items) + "]"
        case .int32AndObject(let code, let subject):
            return "[\(code)," + object(subject) + "]"
        }
    }
}
