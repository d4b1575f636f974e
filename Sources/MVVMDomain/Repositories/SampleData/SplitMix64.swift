/// A small, fast, seedable pseudo-random generator (Steele, Lea and Flood's SplitMix64).
///
/// Sample data must be identical on every run and platform, so it never touches
/// `SystemRandomNumberGenerator`; and because each generated record gets its own generator
/// derived from `(seed, stream, index)`, record `i` can be produced without producing
/// records `0..<i`.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose whole output is determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// An independent generator for record `index` of kind `stream` under `seed`.
    ///
    /// The inputs are scrambled with the SplitMix finaliser before use, so neighbouring
    /// indices (or seeds) give unrelated sequences.
    init(seed: UInt64, stream: UInt64, index: UInt64) {
        let mixedIndex = Self.mix(index &+ stream &* 0xD1B5_4A32_D192_ED03)
        state = Self.mix(seed ^ mixedIndex)
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The SplitMix64 output function: a bijective avalanche of `value`.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix64 {
    /// A value in `0..<upperBound` by multiply-shift reduction (Lemire). Done here rather than
    /// with the standard library's `next(upperBound:)` so the mapping can never change under
    /// us; the bias, `upperBound / 2^64`, is irrelevant for word lists and counts.
    mutating func int(below upperBound: Int) -> Int {
        precondition(upperBound > 0, "upperBound must be positive")
        return Int(next().multipliedFullWidth(by: UInt64(upperBound)).high)
    }

    /// One element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(below: elements.count)]
    }
}
