import FoundationEssentials

/// How every built-in user repository matches a search query against a user's name, so
/// they all agree on what `UserRepository.searchUsers(query:page:)` finds.
enum NameMatching {
    /// Whether `query` asks for nothing: it is empty or only whitespace. Such a query matches
    /// nobody.
    static func isBlank(_ query: String) -> Bool {
        query.allSatisfy(\.isWhitespace)
    }

    /// Whether `name` contains `query` as a substring, ignoring case: both are case-folded
    /// (`folded`) and compared character by character, as Foundation's `.caseInsensitive`
    /// search compares them, in the standard library alone.
    static func name(_ name: String, contains query: String) -> Bool {
        folded(name).contains(folded(query))
    }

    /// `text` case-folded: upper-cased, then lower-cased, so that the case pairs a plain
    /// lower-casing misses fold as Unicode's full case folding does ("ß" and "SS" to "ss",
    /// final "ς" and "Σ" to "σ").
    static func folded(_ text: String) -> String {
        text.uppercased().lowercased()
    }
}
