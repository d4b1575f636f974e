/// Finds the users whose name contains a query, ignoring case, exactly as `NameMatching`
/// defines it, using the index where that gives the same answer.
///
/// - An ASCII query of 3 or more bytes without LIKE's wildcards (`%`, `_`) runs
///   `LIKE '%query%'` on the FTS5 trigram index of the ASCII names (cost grows with the
///   matches, not the users). SQLite's LIKE folds ASCII case only, which for an ASCII name
///   and an ASCII query is exactly `NameMatching`'s rule.
/// - Any other ASCII query (shorter, or holding a wildcard, which needs an `ESCAPE` clause
///   and FTS5 does not use its index with one) runs the same LIKE over the ASCII names in
///   SQLite: a scan in C, no Swift per row.
/// - Names with non-ASCII characters are never in the trigram index; the partial index
///   `users_with_non_ascii_names` lists them and Swift matches them with `NameMatching`
///   (Unicode case rules such as "ß"/"SS" or the Kelvin sign, which LIKE does not know).
/// - A query with non-ASCII characters can match ASCII names through those rules too, so it
///   checks every name in Swift (a full scan; such queries are rare).
struct SQLiteNameSearch {
    let db: SQLiteConnection

    /// The ordinals (list positions) of the matching users, ascending.
    func ordinals(matching query: String) throws(DomainError) -> [Int] {
        guard query.utf8.allSatisfy({ $0 != 0 && $0 < 0x80 }) else {
            return try swiftMatches(query, sql: "SELECT ordinal, name FROM users ORDER BY ordinal")
        }
        let indexed = query.utf8.count >= 3 && !query.contains(where: { $0 == "%" || $0 == "_" })
        // Only the indexed path may go without ESCAPE: on the FTS table, LIKE with ESCAPE
        // scans the content table, non-ASCII names included.
        let pattern = "%" + (indexed ? query : escaped(query)) + "%"
        let asciiSQL =
            indexed
            ? "SELECT rowid FROM user_name_trigrams WHERE name LIKE ? ORDER BY rowid"
            : "SELECT ordinal FROM users WHERE \(SQLiteSchema.nameIsASCII) AND name LIKE ? ESCAPE '\\' ORDER BY ordinal"
        let ascii = try db.withStatement(asciiSQL) { statement throws(DomainError) in
            try statement.bind(pattern)
            return try statement.rows { $0.int(0) }
        }
        let others = try swiftMatches(
            query, sql: "SELECT ordinal, name FROM users WHERE \(SQLiteSchema.nameIsNotASCII) ORDER BY ordinal")
        return others.isEmpty ? ascii : merged(ascii, others)
    }

    /// The ordinals of the rows `sql` lists (ordinal, name) whose name matches in Swift.
    private func swiftMatches(_ query: String, sql: String) throws(DomainError) -> [Int] {
        try db.withStatement(sql) { statement throws(DomainError) in
            var matches: [Int] = []
            while try statement.step() {
                if NameMatching.name(statement.string(1), contains: query) { matches.append(statement.int(0)) }
            }
            return matches
        }
    }

    /// `text` with LIKE's wildcards and the escape character escaped.
    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// Two ascending lists of distinct ordinals as one ascending list.
    private func merged(_ a: [Int], _ b: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && a[i] < b[j]) {
                result.append(a[i])
                i += 1
            } else {
                result.append(b[j])
                j += 1
            }
        }
        return result
    }
}
