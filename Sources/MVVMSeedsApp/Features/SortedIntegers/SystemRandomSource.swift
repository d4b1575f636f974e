/// A ``RandomSource`` backed by the system's cryptographically secure generator
/// (`Int.random(in:)`), as the seed's `arc4random_uniform`.
public struct SystemRandomSource: RandomSource, Sendable {
    /// Creates the source; it has no state.
    public init() {}

    /// A uniformly distributed number in `range`.
    public mutating func nextInt(in range: Range<Int>) -> Int {
        Int.random(in: range)
    }
}
