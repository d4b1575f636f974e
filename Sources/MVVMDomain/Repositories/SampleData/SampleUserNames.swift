import MVVMBindingCore

/// The names of generated users, laid out so that a search can find its matches by arithmetic
/// instead of by generating users.
///
/// Every (first name, last name) pair of `SampleWords` is used once per period of
/// `period = firstNames.count * lastNames.count` users (576): user `i` gets the pair
/// `pairs[i % period]`, where `pairs` is a shuffle of `0..<period` chosen by the seed, and pair
/// `p` is first name `p / lastNames.count` with last name `p % lastNames.count`. So a name is
/// a pure function of `(seed, i)`, the first 576 users all have different names, and user `i`
/// has the same name as user `i + period`.
///
/// That periodicity is what makes searching a million users cheap: which names contain a
/// query is decided once per query for the `period` residues (`matchingResidues(of:)`), and
/// the `k`-th matching user is then `(k / m) * period + residues[k % m]` for the `m` matching
/// residues, without looking at any other user.
struct SampleUserNames: Sendable {
    /// How many users it takes for the names to repeat: one of every first × last pair.
    static let period = SampleWords.firstNames.count * SampleWords.lastNames.count

    /// `pairs[r]`: the pair index of the users whose index leaves remainder `r` modulo
    /// `period`. A permutation of `0..<period`, so the mapping is invertible.
    private let pairs: [Int]
    /// `names[r]`: the full name of pair `pairs[r]`, built by the first search so that
    /// searches compare strings without assembling them. Not before: a page needs none of
    /// them, and building all of them was a tenth of a C host's start to its first page.
    private let names = PthreadLocked<[String]?>(nil)

    /// The names under `seed`: a Fisher–Yates shuffle of the pairs driven by its own random
    /// stream, so the layout never depends on the standard library's shuffling.
    init(seed: UInt64, stream: UInt64) {
        var random = SplitMix64(seed: seed, stream: stream, index: 0)
        var pairs = Array(0..<Self.period)
        for last in pairs.indices.dropFirst().reversed() {
            pairs.swapAt(last, random.int(below: last + 1))
        }
        self.pairs = pairs
    }

    /// The first and last name of the user at zero-based `index`.
    func parts(ofUserAt index: Int) -> (first: String, last: String) {
        Self.words(ofPair: pairs[index % Self.period])
    }

    /// The full name ("First Last") of the user at zero-based `index`.
    func name(ofUserAt index: Int) -> String {
        Self.name(ofPair: pairs[index % Self.period])
    }

    /// The residues `r` in `0..<period`, ascending, whose name contains `query` ignoring case:
    /// every user whose index is `r` modulo `period` has that name. Examines each of the
    /// `period` names once, whatever the number of users.
    func matchingResidues(of query: String) -> [Int] {
        let names = names.withLock { names in
            if let names { return names }
            let built = pairs.map(Self.name(ofPair:))
            names = built
            return built
        }
        return names.indices.filter { NameMatching.name(names[$0], contains: query) }
    }

    private static func name(ofPair pair: Int) -> String {
        let (first, last) = words(ofPair: pair)
        return "\(first) \(last)"
    }

    private static func words(ofPair pair: Int) -> (first: String, last: String) {
        let lastNames = SampleWords.lastNames
        return (SampleWords.firstNames[pair / lastNames.count], lastNames[pair % lastNames.count])
    }
}
