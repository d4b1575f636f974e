extension ListChange {
    /// The changes that turn `old` into `new` position by position: an `.update` for each
    /// run of rows that differ, then one `.insert` or `.remove` at the end for the difference
    /// in length. Nothing when they are equal. Exact for lists whose rows keep their order
    /// (a refreshed page replacing its cached copy); O(n), no matching of moved rows.
    ///
    /// Applying the result in order to a copy of `old` (taking rows from `new`) gives `new`.
    public static func positionalChanges<Element: Equatable>(
        from old: [Element], to new: [Element]
    ) -> [ListChange] {
        var changes: [ListChange] = []
        let common = min(old.count, new.count)
        var index = 0
        while index < common {
            guard old[index] != new[index] else {
                index += 1
                continue
            }
            let start = index
            while index < common && old[index] != new[index] { index += 1 }
            changes.append(.update(start..<index))
        }
        if new.count > old.count {
            changes.append(.insert(old.count..<new.count))
        } else if new.count < old.count {
            changes.append(.remove(new.count..<old.count))
        }
        return changes
    }
}
