/// Where ``SortedIntegersViewModel/addNewInteger()`` gets its numbers.
///
/// Injected so that tests (and hosts that want reproducible demos) decide exactly which
/// numbers are added; ``SystemRandomSource`` is the default.
public protocol RandomSource {
    /// Returns a number in `range`, which is never empty.
    mutating func nextInt(in range: Range<Int>) -> Int
}
