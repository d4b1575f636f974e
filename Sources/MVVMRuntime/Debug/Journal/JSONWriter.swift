import CMVVM
import Glibc

/// JSON text built as UTF-8 bytes: the journal's lines, snapshots. Appending bytes costs a
/// fraction of what building each field as a `String` does, and a journal writes a line or
/// two per API call.
///
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
package struct JSONWriter {
    package static let maximumStringBytes = 4096
    package static let maximumItems = 1024

    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// A writer appending to `bytes` (moved in: no copy), which `take()` gives back.
    package init(appendingTo bytes: [UInt8]) { self.bytes = bytes }

    /// The bytes, moved out; the writer is empty after.
    package mutating func take() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        return taken
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func raw(_ text: StaticString) { text.withUTF8Buffer { bytes.append(contentsOf: $0) } }

    /// JSON text made elsewhere, as it is. (Not `raw`: a literal would pick this overload.)
    package mutating func json(_ json: String) {
        var json = json
        json.withUTF8 { bytes.append(contentsOf: $0) }
    }

    package mutating func raw(_ other: JSONWriter) { bytes.append(contentsOf: other.bytes) }

    package mutating func number(_ value: Int64) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            number(value.magnitude)
        } else {
            number(UInt64(value))
        }
    }

    package mutating func number(_ value: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { scratch in
            var rest = value
            var start = 20
            repeat {
                start -= 1
                scratch[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest != 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[start...]))
        }
    }

    package mutating func number(_ value: Double) {
        if value.isNaN { return raw("\"nan\"") }
        if value.isInfinite { return value > 0 ? raw("\"inf\"") : raw("\"-inf\"") }
        json("\(value)")
    }

    package mutating func bool(_ flag: Bool) { flag ? raw("true") : raw("false") }

    /// `text` as a JSON string literal, escaped byte by byte (most strings have nothing to
    /// escape and are copied whole).
    package mutating func quoted(_ text: String) {
        var text = text
        text.withUTF8 { quoted(bytes: $0) }
    }

    private mutating func quoted(bytes source: UnsafeBufferPointer<UInt8>) {
        bytes.append(0x22)
        guard source.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) else {
            bytes.append(contentsOf: source)
            return bytes.append(0x22)
        }
        let hex = Array("0123456789abcdef".utf8)
        for byte in source {
            switch byte {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
            case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
            case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
            case 0..<0x20: bytes += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    /// A string value, cut as the rule says.
    package mutating func string(_ text: String) {
        let count = text.utf8.count
        guard count > Self.maximumStringBytes else { return quoted(text) }
        var prefix = Substring(text)
        while prefix.utf8.count > Self.maximumStringBytes { prefix = prefix.dropLast() }
        raw("{\"cut\":")
        number(Int64(count))
        raw(",\"prefix\":")
        quoted(String(prefix))
        raw("}")
    }

    /// A C string value (a signal's or a record's), cut as the rule says.
    package mutating func string(cString: UnsafePointer<CChar>) {
        let count = strlen(cString)
        guard count > Self.maximumStringBytes else {
            return cString.withMemoryRebound(to: UInt8.self, capacity: count) { quoted(bytes: UnsafeBufferPointer(start: $0, count: count)) }
        }
        string(String(cString: cString))
    }

    /// An object handle: `{"object":N}` (the handle's bits), `null` for NULL.
    package mutating func object(_ handle: OpaquePointer?) {
        guard let handle else { return raw("null") }
        raw("{\"object\":")
        number(UInt64(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))))
        raw("}")
    }

    /// A request handle: `{"request":N}`.
    package mutating func request(_ request: OpaquePointer?) {
        guard let request else { return raw("null") }
        raw("{\"request\":")
        number(UInt64(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(request)))))
        raw("}")
    }

    package mutating func value(_ value: Value) {
        switch value {
        case .none: raw("null")
        case .bool(let flag): bool(flag)
        case .int32(let number): self.number(Int64(number))
        case .int64(let number): self.number(number)
        case .uint64(let number): self.number(number)
        case .double(let number): self.number(number)
        case .string(let text): string(text)
        case .record(let record): recordValue(record)
        case .object(let handle): object(handle)
        case .int64Array(let items): array(items.count) { $0.number(items[$1]) }
        }
    }

    package mutating func values(_ values: [Value]) { array(values.count) { $0.value(values[$1]) } }

    /// `count` items as a JSON array, each written by `item`, cut as the rule says.
    package mutating func array(_ count: Int, _ item: (inout JSONWriter, Int) -> Void) {
        let written = min(count, Self.maximumItems)
        if count > written {
            raw("{\"cut\":")
            number(Int64(count))
            raw(",\"items\":")
        }
        raw("[")
        for index in 0..<written {
            if index > 0 { raw(",") }
            item(&self, index)
        }
        raw("]")
        if count > written { raw("}") }
    }

    private mutating func recordValue(_ record: any RecordValue) {
        guard let registered = TypeRegistry.shared.record(kind: record.recordKind.rawValue) else { return raw("null") }
        record.withSignalPointer { self.record(at: $0, registered) }
    }

    /// The C struct of `record` at `base` as an object of its fields.
    package mutating func record(at base: UnsafeRawPointer, _ record: RegisteredRecord) {
        raw("{")
        for (index, (field, offset)) in zip(record.fields, record.layout.offsets).enumerated() {
            if index > 0 { raw(",") }
            quoted(field.name)
            raw(":")
            switch field.kind {
            case .int64: number(base.loadUnaligned(fromByteOffset: offset, as: Int64.self))
            case .int32, .enumeration: number(Int64(base.loadUnaligned(fromByteOffset: offset, as: Int32.self)))
            case .bool: bool(base.loadUnaligned(fromByteOffset: offset, as: Int32.self) != 0)
            case .double: number(base.loadUnaligned(fromByteOffset: offset, as: Double.self))
            case .string, .optionalString:
                if let text = base.loadUnaligned(fromByteOffset: offset, as: UnsafePointer<CChar>?.self) {
                    string(cString: text)
                } else {
                    raw("null")
                }
            }
        }
        raw("}")
    }

    /// A signal's C arguments (between the object and user_data) as a JSON array.
    mutating func signal(_ value: SignalValue, _ shape: SignalShape) {
        raw("[")
        switch value {
        case .int32(let number): self.number(Int64(number))
        case .int64(let number): self.number(number)
        case .pointer(let pointer):
            if let pointer, case .string = shape {
                string(cString: pointer.assumingMemoryBound(to: CChar.self))
            } else if let pointer, case .record(let cType) = shape, let registered = TypeRegistry.shared.record(cType: cType) {
                record(at: pointer, registered)
            } else {
                raw("null")
            }
        case .changes(let changes, let count):
            array(count) { writer, index in
                let change = changes![index]
                writer.raw("{\"kind\":")
                writer.number(Int64(change.kind))
                writer.raw(",\"start\":")
                writer.number(change.start)
                writer.raw(",\"count\":")
                writer.number(change.count)
                writer.raw("}")
            }
        case .int32AndObject(let code, let subject):
            number(Int64(code))
            raw(",")
            object(subject)
        }
        raw("]")
    }
}

/// The journal's value spellings as `String`s, for what is not on a call's path (snapshots,
/// replay's reports and comparisons).
package enum JournalJSON {
    package static func quoted(_ text: String) -> String { written { $0.quoted(text) } }
    package static func string(_ text: String) -> String { written { $0.string(text) } }
    package static func value(_ value: Value) -> String { written { $0.value(value) } }
    package static func values(_ values: [Value]) -> String { written { $0.values(values) } }
    package static func object(_ handle: OpaquePointer?) -> String { written { $0.object(handle) } }
    static func record(at base: UnsafeRawPointer, _ record: RegisteredRecord) -> String { written { $0.record(at: base, record) } }
    static func signal(_ value: SignalValue, _ shape: SignalShape) -> String { written { $0.signal(value, shape) } }

    private static func written(_ body: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter(capacity: 64)
        body(&writer)
        return writer.text
    }
}
