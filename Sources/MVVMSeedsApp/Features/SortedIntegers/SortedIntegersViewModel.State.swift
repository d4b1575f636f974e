extension SortedIntegersViewModel {
    /// Everything the sorted-integers list shows, plus the edit that produced it (seed 003's
    /// `State`), so a view can animate exactly the row that changed instead of reloading.
    public struct State: Hashable, Sendable {
        /// The last edit applied to the list, in row indices.
        public enum EditingStyle: Hashable, Sendable {
            /// `value` was inserted and now occupies row `index`.
            case insert(value: Int, index: Int)
            /// The row at `index` was removed.
            case delete(index: Int)
            /// No single edit: show the whole list (the initial state).
            case none
        }

        /// The integers in ascending order (duplicates kept).
        public private(set) var sortedIntegers: [Int]
        /// How ``sortedIntegers`` last changed.
        public private(set) var editingStyle: EditingStyle

        /// A state showing `integers` sorted, with no edit (`.none`).
        public init(sortedIntegers integers: [Int]) {
            sortedIntegers = integers.sorted()
            editingStyle = .none
        }

        /// The number of rows.
        public var count: Int { sortedIntegers.count }

        /// The text of row `index`; `index` must be in `0..<count`.
        public func text(at index: Int) -> String {
            String(sortedIntegers[index])
        }

        /// The row where `value` goes: after every element less than or equal to it (the upper
        /// bound), so equal values keep their insertion order and the new one appears last.
        public func insertionIndex(for value: Int) -> Int {
            // Binary search: first index whose element is greater than `value`.
            var low = 0
            var high = sortedIntegers.count
            while low < high {
                let middle = low + (high - low) / 2
                if sortedIntegers[middle] <= value { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// Applies `edit` and records it as ``editingStyle``. The caller (the ViewModel) has
        /// already checked that the edit keeps the list sorted and the index valid.
        mutating func apply(_ edit: EditingStyle) {
            switch edit {
            case let .insert(value, index):
                sortedIntegers.insert(value, at: index)
            case let .delete(index):
                sortedIntegers.remove(at: index)
            case .none:
                break
            }
            editingStyle = edit
        }
    }
}
