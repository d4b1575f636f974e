extension Unicode.Scalar {
    /// Whether the scalar is in Foundation's `CharacterSet.whitespacesAndNewlines`, decided
    /// without Foundation (which would bring CoreFoundation and ICU into the library): the
    /// spaces U+0009, U+0020, U+00A0, U+1680, U+2000–U+200B, U+202F, U+205F, U+3000 and the
    /// line breaks U+000A–U+000D, U+0085, U+2028, U+2029. Note U+200B (zero width space),
    /// which Foundation counts and Unicode's White_Space does not.
    public var isWhitespaceOrNewline: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
            return true
        default:
            return false
        }
    }
}

extension String {
    /// The string without leading and trailing white space and line breaks, as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives it: the same answer, in the
    /// standard library alone. Returns the string itself when there is nothing to trim.
    public func trimmingWhitespacesAndNewlines() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isWhitespaceOrNewline }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isWhitespaceOrNewline })!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return self }
        return String(scalars[first...last])
    }
}
