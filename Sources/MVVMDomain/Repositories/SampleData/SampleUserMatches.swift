/// The users of a sample store whose current name contains a query, in id order, found by
/// arithmetic rather than by looking at every user.
///
/// **How the cost is bounded.** Generated names repeat with period `P = 576` (see
/// `SampleUserNames`), so building this examines exactly `P` generated names (which residues
/// `0..<P` match, giving the sorted `residues`, `m` of them) plus the `E` edited names,
/// whatever the number of users `N`. From then on nothing is examined:
///
/// - the generated matches are `g(j) = (j / m) * P + residues[j % m]` for `j = 0, 1, ...`
///   while `g(j) < N`, O(1) each, and there are `(N / P) * m + |residues below N % P|`;
/// - an edited user counts by its stored name, not its generated one: it is skipped among
///   the generated matches and merged back in (in id order) if its stored name matches.
///
/// A page of `pageSize` matches therefore costs O(P + E) to set up (independent of `N`),
/// then O(pageSize + E) steps to walk; only when there are edits, finding where the page
/// starts takes a binary search, O(log N · log E) arithmetic. Only the users on the page
/// are generated.
struct SampleUserMatches {
    /// How many names building this compared with the query: `P` generated names and the
    /// edited ones (none for a blank query).
    let examinedNameCount: Int
    /// How many users match.
    let count: Int

    private let userCount: Int
    /// The residues modulo `P` whose generated name matches, ascending.
    private let residues: [Int]
    /// How many generated names match among all `userCount` users.
    private let generatedCount: Int
    /// The zero-based indices of edited users, whose generated name no longer counts.
    private let edited: Set<Int>
    /// The indices of edited users whose generated name matches, ascending: matches to skip.
    private let editedAwayFromMatch: [Int]
    /// The indices of edited users whose stored name matches, ascending: matches to add.
    private let editedIntoMatch: [Int]

    private static var period: Int { SampleUserNames.period }

    /// The matches of `query` among `userCount` users named by `names`, with the stored
    /// `edits` (by user id) in place of their generated names. A blank query matches nobody.
    init(query: String, names: SampleUserNames, userCount: Int, edits: [User.ID: User]) {
        let searches = !NameMatching.isBlank(query) && userCount > 0
        let period = Self.period
        let residues = searches ? names.matchingResidues(of: query) : []
        var away: [Int] = []
        var into: [Int] = []
        for (id, user) in edits where searches {
            let index = id - 1
            if Self.contains(index % period, in: residues) { away.append(index) }
            if NameMatching.name(user.name, contains: query) { into.append(index) }
        }
        self.userCount = userCount
        self.residues = residues
        self.generatedCount =
            (userCount / period) * residues.count
            + Self.countBelow(userCount % period, in: residues)
        self.edited = searches ? Set(edits.keys.map { $0 - 1 }) : []
        self.editedAwayFromMatch = away.sorted()
        self.editedIntoMatch = into.sorted()
        self.count = generatedCount - away.count + into.count
        self.examinedNameCount = searches ? period + edits.count : 0
    }

    /// The zero-based user indices of the matches whose ranks (positions among all matches,
    /// from 0) are `ranks`, in order.
    ///
    /// - Precondition: `ranks` lies within `0..<count`.
    func indices(ofMatches ranks: Range<Int>) -> [Int] {
        precondition(ranks.lowerBound >= 0 && ranks.upperBound <= count, "match rank out of range")
        guard !ranks.isEmpty else { return [] }
        // Cursors: the next generated match to consider (by its rank among generated matches)
        // and the next edited-into match.
        var generated: Int
        var added: Int
        if edited.isEmpty {
            generated = ranks.lowerBound
            added = 0
        } else {
            let first = index(ofMatch: ranks.lowerBound)
            generated = generatedBelow(first)
            added = Self.countBelow(first, in: editedIntoMatch)
        }
        var result: [Int] = []
        result.reserveCapacity(ranks.count)
        while result.count < ranks.count {
            let nextGenerated = generated < generatedCount ? generatedMatch(generated) : nil
            let nextAdded = added < editedIntoMatch.count ? editedIntoMatch[added] : nil
            if let index = nextGenerated, nextAdded.map({ index < $0 }) ?? true {
                generated += 1
                // An edited user counts by its stored name only (through `editedIntoMatch`).
                if !edited.contains(index) { result.append(index) }
            } else if let index = nextAdded {
                added += 1
                result.append(index)
            } else {
                preconditionFailure("fewer matches than counted")
            }
        }
        return result
    }

    // MARK: Arithmetic

    /// The index of generated match number `rank` (from 0): O(1).
    private func generatedMatch(_ rank: Int) -> Int {
        (rank / residues.count) * Self.period + residues[rank % residues.count]
    }

    /// How many generated matches have an index below `index`.
    private func generatedBelow(_ index: Int) -> Int {
        (index / Self.period) * residues.count + Self.countBelow(index % Self.period, in: residues)
    }

    /// How many matches (edits applied) have an index below `index`.
    private func matchesBelow(_ index: Int) -> Int {
        generatedBelow(index) - Self.countBelow(index, in: editedAwayFromMatch)
            + Self.countBelow(index, in: editedIntoMatch)
    }

    /// The index of match number `rank` (from 0): the smallest index with `rank + 1` matches
    /// at or below it, by binary search over the indices.
    private func index(ofMatch rank: Int) -> Int {
        var low = 0
        var high = userCount - 1
        while low < high {
            let middle = low + (high - low) / 2
            if matchesBelow(middle + 1) > rank { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// How many elements of the ascending `sorted` are below `value`.
    private static func countBelow(_ value: Int, in sorted: [Int]) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether the ascending `sorted` contains `value`.
    private static func contains(_ value: Int, in sorted: [Int]) -> Bool {
        let position = countBelow(value, in: sorted)
        return position < sorted.count && sorted[position] == value
    }
}
