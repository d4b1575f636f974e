import FoundationEssentials

/// One array of records with each record's pretty-printed JSON, kept from one `update` to the
/// next so that a record equal to the one at its index last time is not encoded again.
///
/// The cache maps values to bytes and nothing else: whatever happened to the file in between
/// (a failed write, a reload), a record's bytes are reused only when the record itself is
/// unchanged, so there is no dirty flag an edit could forget to set. Comparing costs little
/// because an edited copy of an array still shares the unchanged records' string storage, and
/// `String ==` returns at once for shared storage.
struct EncodedRecords<Record: Encodable & Equatable> {
    /// The records of the last `update`.
    private var records: [Record] = []
    /// `records[i]` encoded alone, then indented as at `indent` spaces.
    private(set) var encoded: [[UInt8]] = []
    /// How far the records sit inside the document, in spaces.
    private let indent: Int

    /// An empty list whose records sit `indent` spaces deep in the document.
    init(indent: Int) {
        self.indent = indent
    }

    /// The bytes of every record together, separators not included.
    var byteCount: Int { encoded.reduce(0) { $0 + $1.count } }

    /// Brings `encoded` in line with `newRecords`, encoding only the records that differ from
    /// the one at the same index last time. On a throw nothing changes. Returns how many
    /// records were encoded.
    @discardableResult
    mutating func update(to newRecords: [Record], using encoder: JSONEncoder) throws -> Int {
        // Unchanged arrays usually share storage, which `==` checks first.
        if newRecords == records { return 0 }
        var nextEncoded: [[UInt8]] = []
        nextEncoded.reserveCapacity(newRecords.count)
        var encodedCount = 0
        for (index, record) in newRecords.enumerated() {
            if index < records.count, records[index] == record {
                nextEncoded.append(encoded[index])
            } else {
                nextEncoded.append(Self.indented(try encoder.encode(record), by: indent))
                encodedCount += 1
            }
        }
        records = newRecords
        encoded = nextEncoded
        return encodedCount
    }

    /// `json` as it reads `spaces` deeper in a pretty-printed document: the indent starts
    /// every line but the blank ones, which is what the encoder writes inside an empty array
    /// or object. A raw newline only ever ends a line: inside strings it is escaped.
    static func indented(_ json: Data, by spaces: Int) -> [UInt8] {
        let space = UInt8(ascii: " ")
        let newline = UInt8(ascii: "\n")
        return json.withUnsafeBytes { bytes in
            var lines = 1
            for byte in bytes where byte == newline { lines += 1 }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + lines * spaces)
            var atLineStart = true
            for byte in bytes {
                if atLineStart, byte != newline {
                    result.append(contentsOf: repeatElement(space, count: spaces))
                }
                result.append(byte)
                atLineStart = byte == newline
            }
            return result
        }
    }
}
