import MVVMSeedsApp

/// A `RandomSource` that returns the given numbers in order and records the ranges asked for,
/// so a test knows exactly what `addNewInteger()` adds.
struct ScriptedRandomSource: RandomSource {
    private var values: [Int]
    private let log: RangeLog

    /// Returns `values` one by one; running out is a test bug and traps.
    init(_ values: [Int], log: RangeLog = RangeLog()) {
        self.values = values
        self.log = log
    }

    mutating func nextInt(in range: Range<Int>) -> Int {
        log.ranges.append(range)
        precondition(!values.isEmpty, "ScriptedRandomSource ran out of values")
        return values.removeFirst()
    }

    /// Where the source notes each requested range (a reference, since the ViewModel keeps its
    /// own copy of the source).
    final class RangeLog {
        var ranges: [Range<Int>] = []
    }
}
