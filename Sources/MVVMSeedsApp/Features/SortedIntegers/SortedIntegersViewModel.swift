import MVVMBindingCore
import MVVMRuntime

/// A sorted list of integers (seed 003).
///
/// It tells its view exactly which row each change touched. Every edit is published twice,
/// for two kinds of view:
/// - ``state``, whose ``State/editingStyle`` is `.insert(value:index:)` or `.delete(index:)`
///   (the seed's design: a table view animates that one row; `.none` means "show everything");
/// - ``rowChanges``, the same edit as a ``ListChange`` (`.insert(i..<i+1)`, `.remove(i..<i+1)`),
///   the form every list in this project uses. It is sent after ``state`` is stored, so a
///   subscriber reading ``state`` sees the list the change refers to.
///
/// New values go in at the upper bound: after any equal elements.
@ViewModel
@MainActor
public final class SortedIntegersViewModel: ObservableObject {
    // MARK: - Properties

    /// The list and the edit that produced it. Starts with the initial values and `.none`.
    @Hidden @Published public private(set) var state: State

    /// Each edit as a ``ListChange``, in the indices of the list right after it. No value on
    /// subscription: read ``state`` for the current list.
    public var rowChanges: AnyPublisher<ListChange, Never> {
        rowChangesSubject.eraseToAnyPublisher()
    }

    /// Where ``addNewInteger()`` draws from (the seed's `0..<10` by default).
    @Hidden public let randomRange: Range<Int>

    private var randomSource: any RandomSource
    private let rowChangesSubject = PassthroughSubject<ListChange, Never>()

    // MARK: - Init

    /// Creates the list from `initialValues` (sorted here, duplicates kept).
    ///
    /// - Parameters:
    ///   - initialValues: the starting integers, in any order; the seed's `[1, 2, 3]` by default.
    ///   - randomRange: the range ``addNewInteger()`` draws from; must not be empty.
    ///   - randomSource: the numbers ``addNewInteger()`` adds; the system generator by default.
    public init(
        initialValues: [Int] = [1, 2, 3],
        randomRange: Range<Int> = 0..<10,
        randomSource: any RandomSource = SystemRandomSource()
    ) {
        precondition(!randomRange.isEmpty, "SortedIntegersViewModel: randomRange must not be empty")
        state = State(sortedIntegers: initialValues)
        self.randomRange = randomRange
        self.randomSource = randomSource
    }

    /// Creates the list from `initial_values` (`initial_count` of them, copied, then sorted;
    /// NULL with count 0 for an empty list; at most 10000000 values). `random_seed` drives
    /// `addNewInteger()`.
    @Constructor
    static func make(initialValues: [Int], randomSeed: UInt64) -> SortedIntegersViewModel {
        SortedIntegersViewModel(initialValues: initialValues, randomSource: SeededRandomSource(seed: randomSeed))
    }

    // MARK: - Reading

    /// The number of values.
    public var count: Int { state.count }

    /// The integers in ascending order: the value at `index`.
    @List("values", item: "value", out: "out_value", changes: \SortedIntegersViewModel.rowChanges, signal: "rows-changed", count: "count")
    public var sortedIntegers: [Int] { state.sortedIntegers }

    /// The text of row `index` (its integer in decimal); `index` must be in `0..<count`.
    @Hidden
    public func text(at index: Int) -> String {
        state.text(at: index)
    }

    // MARK: - Actions

    /// Inserts a random integer from the random source (in `randomRange`: 0...9 unless made
    /// otherwise) after any equal values.
    public func addNewInteger() {
        var value = randomSource.nextInt(in: randomRange)
        // A source that ignores the range must not break the documented contract.
        value = min(max(value, randomRange.lowerBound), randomRange.upperBound - 1)
        add(value)
    }

    /// Inserts `value` after every element less than or equal to it and returns its row
    /// (through *out_index, which may be NULL).
    @Exported(out: "out_index")
    @discardableResult
    public func add(_ value: Int) -> Int {
        let index = state.insertionIndex(for: value)
        commit(.insert(value: value, index: index), as: .insert(index..<index + 1))
        return index
    }

    /// Removes the value at `index`. An index outside the values changes and publishes nothing
    /// (a stale row from a view is not a crash; from a host: MVVM_E_OUT_OF_RANGE). Returns
    /// whether it removed one (for Swift callers).
    @Exported("remove-at", discardsResult: true) @ListIndex(of: "values")
    @discardableResult
    public func remove(at index: Int) -> Bool {
        guard state.sortedIntegers.indices.contains(index) else { return false }
        commit(.delete(index: index), as: .remove(index..<index + 1))
        return true
    }

    // MARK: - Private

    private func commit(_ edit: State.EditingStyle, as change: ListChange) {
        var next = state
        next.apply(edit)
        state = next
        rowChangesSubject.send(change)
    }
}
