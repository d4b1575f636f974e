/// C spellings that follow from Swift names, so a declaration states a name once.
public enum CName {
    /// `ItemList` → `item_list`, `HTTPCache` → `http_cache`, `Item` → `note`: a word starts at
    /// an upper-case letter after a lower-case one or a digit, and at the last capital of a run
    /// followed by a lower-case letter.
    /// By UTF-8 bytes: only ASCII letters and digits matter, and no byte of another
    /// character's UTF-8 is one (by scalars, appending each cost 0.3 k instructions).
    public static func snakeCase(_ name: String) -> String {
        let bytes = Array(name.utf8)
        let upper = UInt8(ascii: "A")...UInt8(ascii: "Z")
        let lower = UInt8(ascii: "a")...UInt8(ascii: "z")
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 4)
        for index in bytes.indices {
            let byte = bytes[index]
            let isUpper = upper.contains(byte)
            if isUpper, index > 0 {
                let previous = bytes[index - 1]
                let previousIsLower = lower.contains(previous) || digits.contains(previous)
                let nextIsLower = index + 1 < bytes.count && lower.contains(bytes[index + 1])
                if previousIsLower || (upper.contains(previous) && nextIsLower) { out.append(UInt8(ascii: "_")) }
            }
            out.append(isUpper ? byte + 32 : byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A member's C identifier part from its name: `due-date` → `due_date` (a getter's
    /// `…_get_due_date`, an out-parameter's `out_due_date`). By hand rather than with
    /// `replacing(_:with:)`: that is _StringProcessing's, whose code every host's first page
    /// would otherwise page in. Byte by byte: an ASCII byte is never part of another
    /// character's UTF-8, and a declaration's first use spells a dozen of these names (by
    /// `Character`, a name cost 2.5 k instructions of grapheme breaking).
    public static func underscored(_ name: String) -> String {
        let hyphen = UInt8(ascii: "-")
        guard name.utf8.contains(hyphen) else { return name }
        return String(decoding: name.utf8.map { $0 == hyphen ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
    }

    /// The C name of an int64 array argument's count: `sorted_values` → `sorted_count`,
    /// `ids` → `ids_count`.
    public static func arrayCount(of arrayName: String) -> String {
        (arrayName.hasSuffix("_values") ? String(arrayName.dropLast("_values".count)) : arrayName) + "_count"
    }
}
