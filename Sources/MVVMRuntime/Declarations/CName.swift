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
    /// would otherwise page in.
    public static func underscored(_ name: String) -> String { String(name.map { $0 == "-" ? "_" : $0 }) }

    /// The C name of an int64 array argument's count: `sorted_values` → `sorted_count`,
    /// `ids` → `ids_count`.
    public static func arrayCount(of arrayName: String) -> String {
        (arrayName.hasSuffix("_values") ? String(arrayName.dropLast("_values".count)) : arrayName) + "_count"
    }
}
