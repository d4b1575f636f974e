import FoundationEssentials

/// The rules a user's name must follow before it is saved.
///
/// A draft is trimmed of leading and trailing white space and newlines; the trimmed text is
/// what gets saved. It is refused when it is then empty, longer than `maximumLength`
/// characters (grapheme clusters, so "é" or a flag emoji counts as one), or contains a
/// control character (Unicode category Cc, such as a tab or a newline inside the name) or a
/// line or paragraph separator. Format characters such as the zero-width joiner are allowed:
/// emoji sequences need them.
public struct UserNameValidator: Sendable {

    /// Why a draft was refused.
    public enum Failure: Error, Equatable, Sendable {
        /// Nothing but white space.
        case empty
        /// More than `maximum` characters after trimming.
        case tooLong(maximum: Int)
        /// A control character or a line/paragraph separator inside the name.
        case controlCharacters

        /// A sentence a host can show next to the name field.
        public var message: String {
            switch self {
            case .empty: return "The name can't be empty."
            case .tooLong(let maximum): return "The name can't be longer than \(maximum) characters."
            case .controlCharacters: return "The name can't contain control characters or line breaks."
            }
        }
    }

    /// The longest name accepted, in characters, by default.
    public static let defaultMaximumLength = 80

    /// The longest name accepted, in characters.
    public let maximumLength: Int

    /// Creates a validator accepting names up to `maximumLength` characters (at least 1).
    public init(maximumLength: Int = UserNameValidator.defaultMaximumLength) {
        self.maximumLength = max(1, maximumLength)
    }

    /// The name to save for `draft` (trimmed), or why it is refused.
    public func validate(_ draft: String) -> Result<String, Failure> {
        if let name = Self.trimmedPrintableASCII(draft) {
            // Printable ASCII: one byte is one character and none is forbidden.
            if name.isEmpty { return .failure(.empty) }
            if name.utf8.count > maximumLength { return .failure(.tooLong(maximum: maximumLength)) }
            return .success(name)
        }
        let name = Self.trimmed(draft)
        if name.isEmpty { return .failure(.empty) }
        if name.unicodeScalars.contains(where: Self.isForbidden) { return .failure(.controlCharacters) }
        // Counting characters walks the string; stop as soon as the limit is passed.
        // No more UTF-8 bytes than the limit means no more characters either: skip the walk.
        if name.utf8.count > maximumLength && !name.dropFirst(maximumLength).isEmpty {
            return .failure(.tooLong(maximum: maximumLength))
        }
        return .success(name)
    }

    /// `draft` without leading and trailing white space (Unicode White_Space, which includes
    /// line breaks). Pure Swift on purpose: Foundation's `trimmingCharacters(in:)` goes through
    /// NSString and UTF-16 and cost ~6k instructions per keystroke; this returns the string
    /// itself, uncopied, when there is nothing to trim.
    public static func trimmed(_ draft: String) -> String {
        if let name = trimmedPrintableASCII(draft) { return name }
        let scalars = draft.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isWhitespace($0) })!
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return draft }
        return String(scalars[first...last])
    }

    /// For a draft of printable ASCII only (bytes 0x20–0x7E, the common case: its only white
    /// space is the space), the draft without leading and trailing spaces (itself, uncopied,
    /// when it has none); nil for any other draft. Decided from the UTF-8 bytes in one pass,
    /// without decoding scalars.
    private static func trimmedPrintableASCII(_ draft: String) -> String? {
        let bounds = draft.utf8.withContiguousStorageIfAvailable { bytes -> Range<Int>? in
            var start = 0
            var end = 0
            for offset in 0..<bytes.count {
                let byte = bytes[offset]
                guard byte >= 0x20 && byte < 0x7F else { return nil }
                if byte != 0x20 {
                    if end == 0 { start = offset }
                    end = offset + 1
                }
            }
            return start..<end
        }
        guard let bounds = bounds ?? nil else { return nil }
        let utf8 = draft.utf8
        if bounds.count == utf8.count { return draft }
        let start = utf8.index(utf8.startIndex, offsetBy: bounds.lowerBound)
        let end = utf8.index(start, offsetBy: bounds.count)
        return String(draft[start..<end])
    }

    /// Unicode White_Space, answering ASCII without the (costly) property table lookup.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) }
        return scalar.properties.isWhitespace
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        // Printable ASCII, by far the common case, needs no Unicode property lookup.
        if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
