import FoundationEssentials

/// How every built-in user repository matches a search query against a user's name, so
/// they all agree on what `UserRepository.searchUsers(query:page:)` finds.
enum NameMatching {
    /// Whether `query` asks for nothing: it is empty or only whitespace. Such a query matches
    /// nobody.
    static func isBlank(_ query: String) -> Bool {
        query.allSatisfy(\.isWhitespace)
    }

    /// Whether `name` contains `query` as a substring, ignoring case.
    static func name(_ name: String, contains query: String) -> Bool {
        name.range(of: query, options: .caseInsensitive) != nil
    }
}
