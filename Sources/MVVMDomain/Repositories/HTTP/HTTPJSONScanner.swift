/// A strict JSON reader (RFC 8259) for the few shapes of the HTTP contract: the wire types
/// read the members they know and skip the rest, with no intermediate tree and no `Codable`
/// machinery (`JSONDecoder` cost about 70 µs per page of 20 users here, most of the page
/// load's own time).
///
/// Any byte sequence gives a value or `HTTPJSONScanner.Failure`, never a trap: every read is
/// bounds-checked, nesting is limited to `maxDepth`, integers are checked for overflow, and
/// strings must be valid UTF-8 with valid escapes, and never hold U+0000 (`\u0000`).
struct HTTPJSONScanner {
    /// Why the bytes are not the JSON expected (the message is for debugging only: the
    /// repository reports every failure as one sentence).
    struct Failure: Error {
        let offset: Int
        /// Whether the bytes are valid JSON but a string holds U+0000, which no string of the
        /// library may (see "STRINGS AND U+0000" in mvvm.h): reported as such, not as
        /// malformed.
        var isNUL = false
    }

    static let maxDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Structure

    /// Reads an array, calling `element` once per element (positioned at its value).
    mutating func readArray(
        _ element: (inout HTTPJSONScanner) throws(Failure) -> Void
    ) throws(Failure) {
        try expect(UInt8(ascii: "["))
        try enter()
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return
        }
        while true {
            try element(&self)
            skipWhitespace()
            let next = try take()
            if next == UInt8(ascii: "]") { break }
            guard next == UInt8(ascii: ",") else { throw failure() }
        }
        depth -= 1
    }

    /// Reads an object, calling `member` with each key (positioned at its value); the
    /// closure must read or skip the value.
    mutating func readObject(
        _ member: (inout HTTPJSONScanner, String) throws(Failure) -> Void
    ) throws(Failure) {
        try scanObject(keepingKeys: true) { scanner, key throws(Failure) in try member(&scanner, key.unsafelyUnwrapped) }
    }

    /// `readObject(_:)`, whose keys are checked but made into strings only when
    /// `keepingKeys`: a skipped object costs no string per member.
    private mutating func scanObject(
        keepingKeys: Bool, _ member: (inout HTTPJSONScanner, String?) throws(Failure) -> Void
    ) throws(Failure) {
        try expect(UInt8(ascii: "{"))
        try enter()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            let key = try scanString(keeping: keepingKeys)
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
            skipWhitespace()
            let next = try take()
            if next == UInt8(ascii: "}") { break }
            guard next == UInt8(ascii: ",") else { throw failure() }
        }
        depth -= 1
    }

    /// Checks that only whitespace follows the value just read.
    mutating func finish() throws(Failure) {
        skipWhitespace()
        guard index == bytes.count else { throw failure() }
    }

    // MARK: Values

    /// An integer without fraction or exponent that fits in `Int`.
    mutating func readInt() throws(Failure) -> Int {
        skipWhitespace()
        let negative = peek() == UInt8(ascii: "-")
        if negative { index += 1 }
        guard let first = peek(), first >= 0x30, first <= 0x39 else { throw failure() }
        var value = 0
        var digits = 0
        while let digit = peek(), digit >= 0x30, digit <= 0x39 {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let step = Int(digit - 0x30)
            let (sum, overflowSum) =
                negative
                ? times.subtractingReportingOverflow(step) : times.addingReportingOverflow(step)
            guard !overflowTimes, !overflowSum else { throw failure() }
            value = sum
            digits += 1
            index += 1
        }
        // JSON forbids leading zeros; a fraction or an exponent is not an integer.
        guard !(first == 0x30 && digits > 1) else { throw failure() }
        if let next = peek(), next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            throw failure()
        }
        return value
    }

    mutating func readBool() throws(Failure) -> Bool {
        skipWhitespace()
        if try matchLiteral("true") { return true }
        if try matchLiteral("false") { return false }
        throw failure()
    }

    /// A string: valid UTF-8, escapes decoded (a lone surrogate is refused).
    mutating func readString() throws(Failure) -> String {
        try scanString(keeping: true).unsafelyUnwrapped
    }

    /// Reads a string as `readString()` does, checking all it checks, but makes the `String`
    /// only when `keeping` (nil otherwise): skipped values cost no allocation.
    private mutating func scanString(keeping: Bool) throws(Failure) -> String? {
        skipWhitespace()
        try expect(UInt8(ascii: "\""))
        let start = index
        // Fast path, a string without escapes: its end found, and whether it is ASCII, in one
        // pass over the bytes (the scan of a page's strings is most of its decoding).
        let (end, bitsSeen) = bytes.withUnsafeBufferPointer { buffer in
            var at = start
            var bits: UInt8 = 0
            while at < buffer.count {
                let byte = buffer[at]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                bits |= byte
                at += 1
            }
            return (at, bits)
        }
        index = end
        guard let stop = peek(), stop >= 0x20 else { throw failure() }
        if stop == UInt8(ascii: "\"") {
            index += 1
            return try bytes.withUnsafeBufferPointer { buffer throws(Failure) in
                try Self.string(UnsafeBufferPointer(rebasing: buffer[start..<end]), isASCII: bitsSeen < 0x80, at: start, keeping: keeping)
            }
        }
        var scalars = Array(bytes[start..<index])
        while true {
            let byte = try take()
            switch byte {
            case UInt8(ascii: "\""):
                return try scalars.withUnsafeBufferPointer { buffer throws(Failure) in
                    try Self.string(buffer, isASCII: !buffer.contains { $0 >= 0x80 }, at: start, keeping: keeping)
                }
            case UInt8(ascii: "\\"):
                try appendEscape(to: &scalars)
            default:
                guard byte >= 0x20 else { throw failure() }
                scalars.append(byte)
            }
        }
    }

    /// Skips any one value, checking its syntax.
    mutating func skipValue() throws(Failure) {
        skipWhitespace()
        guard let byte = peek() else { throw failure() }
        switch byte {
        case UInt8(ascii: "{"):
            try scanObject(keepingKeys: false) { scanner, _ throws(Failure) in try scanner.skipValue() }
        case UInt8(ascii: "["):
            try readArray { scanner throws(Failure) in try scanner.skipValue() }
        case UInt8(ascii: "\""):
            _ = try scanString(keeping: false)
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            _ = try readBool()
        case UInt8(ascii: "n"):
            guard try matchLiteral("null") else { throw failure() }
        default:
            try skipNumber()
        }
    }

    // MARK: Pieces

    private mutating func skipNumber() throws(Failure) {
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw failure() }
        index += 1
        if first != 0x30 { while let d = peek(), isDigit(d) { index += 1 } }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let d = peek(), isDigit(d) else { throw failure() }
            while let d = peek(), isDigit(d) { index += 1 }
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            index += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            guard let d = peek(), isDigit(d) else { throw failure() }
            while let d = peek(), isDigit(d) { index += 1 }
        }
    }

    private mutating func appendEscape(to scalars: inout [UInt8]) throws(Failure) {
        let code = try take()
        let simple: UInt8?
        switch code {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw failure()
        }
        if let simple {
            scalars.append(simple)
            return
        }
        var value = try readHex4()
        guard value != 0 else { throw Failure(offset: index, isNUL: true) }
        if (0xD800...0xDBFF).contains(value) {
            // A high surrogate must be followed by an escaped low one.
            guard try take() == UInt8(ascii: "\\"), try take() == UInt8(ascii: "u") else { throw failure() }
            let low = try readHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure() }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(value) {
            throw failure()
        }
        guard let scalar = Unicode.Scalar(value) else { throw failure() }
        scalars.append(contentsOf: UTF8.encode(scalar)!)
    }

    private mutating func readHex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = try take()
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw failure()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// `bytes` as a string when `keeping` (else nil), once known to be valid UTF-8; a failure
    /// at `offset` when they are not.
    private static func string(
        _ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool, at offset: Int, keeping: Bool
    ) throws(Failure) -> String? {
        // ASCII is valid UTF-8 as it stands and is decoded directly (it cannot need repair).
        // Other bytes go through `String(validating:as:)`, which is generic over the encoding
        // and, unspecialised in the standard library, looks up type metadata on every call (it
        // was two thirds of a page's decoding when every string took it).
        if isASCII { return keeping ? String(decoding: bytes, as: UTF8.self) : nil }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Failure(offset: offset) }
        return keeping ? text : nil
    }

    private mutating func matchLiteral(_ literal: StaticString) throws(Failure) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let matches = literal.withUTF8Buffer { expected in
            bytes[index..<index + count].elementsEqual(expected)
        }
        if matches { index += count }
        return matches
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= Self.maxDepth else { throw failure() }
    }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
        skipWhitespace()
        guard try take() == byte else { throw failure() }
    }

    private mutating func take() throws(Failure) -> UInt8 {
        guard index < bytes.count else { throw failure() }
        defer { index += 1 }
        return bytes[index]
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private func failure() -> Failure { Failure(offset: index) }
}
