/// A parsed JSON value, as replay reads a journal line: numbers keep their text (the journal
/// writes Int64, UInt64 and Double exactly; they are read back by the kind they must have),
/// objects keep their order.
indirect enum JSON: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSON])
    case object([(key: String, value: JSON)])

    static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    subscript(key: String) -> JSON? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.key == key }?.value
    }

    var string: String? { if case .string(let text) = self { text } else { nil } }
    var int64: Int64? { if case .number(let text) = self { Int64(text) } else { nil } }
    var uint64: UInt64? { if case .number(let text) = self { UInt64(text) } else { nil } }
    var array: [JSON]? { if case .array(let items) = self { items } else { nil } }

    /// The value as the journal wrote it (`JournalJSON`'s spelling).
    var text: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): text
        case .string(let text): JournalJSON.quoted(text)
        case .array(let items): "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let fields): "{" + fields.map { JournalJSON.quoted($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        }
    }

    /// Parses one JSON text; nil when it is not JSON.
    static func parse(_ text: Substring) -> JSON? {
        var parser = Parser(bytes: Array(text.utf8))
        guard let value = parser.value() else { return nil }
        parser.skipSpace()
        return parser.position == parser.bytes.count ? value : nil
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        mutating func value() -> JSON? {
            skipSpace()
            guard position < bytes.count else { return nil }
            switch bytes[position] {
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "\""): return string().map(JSON.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        private mutating func literal(_ word: String, _ value: JSON) -> JSON? {
            let expected = Array(word.utf8)
            guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected else { return nil }
            position += expected.count
            return value
        }

        private mutating func number() -> JSON? {
            let start = position
            while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) { position += 1 }
            guard position > start else { return nil }
            return .number(String(decoding: bytes[start..<position], as: UTF8.self))
        }

        private mutating func string() -> String? {
            position += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flushRun() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll()
            }
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flushRun()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { return nil }
                    let escaped = bytes[position]
                    position += 1
                    flushRun()
                    switch escaped {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "u"):
                        guard let unit = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(unit), bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                            bytes[position + 1] == UInt8(ascii: "u")
                        {
                            position += 2
                            guard let low = hex4() else { return nil }
                            let combined = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                            scalars.append(Unicode.Scalar(combined) ?? "\u{FFFD}")
                        } else {
                            scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                        }
                    default: scalars.append(Unicode.Scalar(escaped))
                    }
                default: run.append(byte)
                }
            }
            return nil
        }

        private mutating func hex4() -> UInt32? {
            guard bytes.count - position >= 4, let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
            else { return nil }
            position += 4
            return value
        }

        private mutating func array() -> JSON? {
            position += 1
            var items: [JSON] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(items)
            }
            while true {
                guard let item = value() else { return nil }
                items.append(item)
                skipSpace()
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "]") else { return nil }
                position += 1
                return .array(items)
            }
        }

        private mutating func object() -> JSON? {
            position += 1
            var fields: [(key: String, value: JSON)] = []
            skipSpace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(fields)
            }
            while true {
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
                position += 1
                guard let value = value() else { return nil }
                fields.append((key, value))
                skipSpace()
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "}") else { return nil }
                position += 1
                return .object(fields)
            }
        }
    }
}
