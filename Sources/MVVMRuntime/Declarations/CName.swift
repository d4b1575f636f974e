/// C spellings that follow from Swift names, so a declaration states a name once.
public enum CName {
    /// `ItemList` → `item_list`, `HTTPCache` → `http_cache`, `Item` → `note`: a word starts at
    /// an upper-case letter after a lower-case one or a digit, and at the last capital of a run
    /// followed by a lower-case letter.
    public static func snakeCase(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        var out = ""
        for (index, scalar) in scalars.enumerated() {
            let isUpper = ("A"..."Z").contains(scalar)
            if isUpper, index > 0 {
                let previous = scalars[index - 1]
                let previousIsLower = ("a"..."z").contains(previous) || ("0"..."9").contains(previous)
                let nextIsLower = index + 1 < scalars.count && ("a"..."z").contains(scalars[index + 1])
                if previousIsLower || (("A"..."Z").contains(previous) && nextIsLower) { out += "_" }
            }
            out.unicodeScalars.append(isUpper ? Unicode.Scalar(scalar.value + 32)! : scalar)
        }
        return out
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
