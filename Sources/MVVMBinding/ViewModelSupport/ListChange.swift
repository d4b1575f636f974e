/// One edit to a list a ViewModel shows, in the indices of the list right after the edit.
///
/// ViewModels publish these next to (or instead of) whole-array updates so that a view redraws
/// only what changed, and so that appending a page costs the size of the page, not of the list.
/// A sequence of changes applies in order.
public enum ListChange: Hashable, Sendable, CustomStringConvertible {
    /// Everything was replaced; the list now has `count` rows.
    case reset(count: Int)
    /// Rows were inserted; they now occupy `range`.
    case insert(Range<Int>)
    /// The rows that occupied `range` were removed.
    case remove(Range<Int>)
    /// The rows in `range` changed in place.
    case update(Range<Int>)
    /// The row at `from` moved to `to` (`to` counted after removing it from `from`).
    case move(from: Int, to: Int)

    public var description: String {
        switch self {
        case .reset(let count): return "reset(\(count))"
        case .insert(let range): return "insert(\(range.lowerBound)..<\(range.upperBound))"
        case .remove(let range): return "remove(\(range.lowerBound)..<\(range.upperBound))"
        case .update(let range): return "update(\(range.lowerBound)..<\(range.upperBound))"
        case .move(let from, let to): return "move(\(from)->\(to))"
        }
    }

    /// Applies this change to `array`, taking new rows from `source` (the list after the
    /// change). Lets a view, a test or a mirror keep a copy in step with the ViewModel.
    public func apply<Element>(to array: inout [Element], from source: [Element]) {
        switch self {
        case .reset:
            array = source
        case .insert(let range):
            array.insert(contentsOf: source[range], at: range.lowerBound)
        case .remove(let range):
            array.removeSubrange(range)
        case .update(let range):
            array.replaceSubrange(range, with: source[range])
        case .move(let from, let to):
            let element = array.remove(at: from)
            array.insert(element, at: to)
        }
    }
}
