import MVVMDomain

/// A reproducible `RandomSource`: the same seed gives the same integers on every run, for
/// hosts and tests that need a deterministic `addNewInteger()`.
public struct SeededRandomSource: RandomSource, Sendable {
    private var generator: SplitMix64

    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    public mutating func nextInt(in range: Range<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }
}
