import MVVMDomain

/// A reproducible `RandomSource`: the same seed gives the same integers on every run, for
/// hosts and tests that need a deterministic `addNewInteger()` (the C ABI takes a seed).
public struct SeededRandomSource: RandomSource, Sendable {
    private var generator: SplitMix64

    /// A source whose whole sequence is determined by `seed`.
    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// The next integer in `range`, uniformly.
    public mutating func nextInt(in range: Range<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }
}
