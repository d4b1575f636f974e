// Combine's specialised operators on `Optional.Publisher`: with at most one value known up
// front, each is computed at once, when the operator is applied, and gives an
// `Optional.Publisher` again (or `Just`/`Empty` where the result is certain), as Combine's do.

extension Optional.Publisher {
    /// The transformed value, if there is one.
    public func map<T>(_ transform: (Output) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map(transform))
    }

    /// The transformed value, unless there is none or the transform returns `nil`.
    public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.flatMap(transform))
    }

    /// The value, if there is one and `isIncluded` accepts it.
    public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(output.flatMap { isIncluded($0) ? $0 : nil })
    }

    /// The same publisher: one value has no duplicate.
    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
        self
    }

    /// The same publisher: it never fails.
    public func replaceError(with output: Output) -> Optional<Output>.Publisher {
        self
    }

    /// The same publisher: it never fails, so there is nothing to retry.
    public func retry(_ retries: Int) -> Optional<Output>.Publisher {
        self
    }

    /// A `Just` of the value, or of `output` when there is none.
    public func replaceEmpty(with output: Output) -> Just<Output> {
        Just(self.output ?? output)
    }

    /// A publisher that only finishes.
    public func ignoreOutput() -> Empty<Output, Failure> {
        Empty()
    }

    /// The same publisher: its value, if any, is its first.
    public func first() -> Optional<Output>.Publisher {
        self
    }

    /// The same publisher: its value, if any, is its last.
    public func last() -> Optional<Output>.Publisher {
        self
    }

    /// The value, if there is one and it satisfies `predicate`.
    public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        filter(predicate)
    }

    /// The value, if there is one and it satisfies `predicate`.
    public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        filter(predicate)
    }

    /// The value, unless at least one value is dropped.
    public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
        precondition(count >= 0, "count must not be negative")
        return Optional<Output>.Publisher(count == 0 ? output : nil)
    }

    /// The value, unless `predicate` drops it.
    public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        filter { !predicate($0) }
    }

    /// The value, if `maxLength` lets at least one through.
    public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
        precondition(maxLength >= 0, "maxLength must not be negative")
        return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
    }

    /// The value, if `predicate` accepts it.
    public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        filter(predicate)
    }

    /// The value, if `index` is 0.
    public func output(at index: Int) -> Optional<Output>.Publisher {
        precondition(index >= 0, "index must not be negative")
        return Optional<Output>.Publisher(index == 0 ? output : nil)
    }

    /// The value, if `range` includes index 0. Traps, as Combine's does, on a negative lower
    /// bound and on an upper bound of `Int.max - 1` or more.
    public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
        let range = range.relative(to: 0..<Int.max)
        precondition(range.lowerBound >= 0, "lowerBound must not be negative")
        precondition(range.upperBound < .max - 1, "upperBound must be less than Int.max - 1")
        return Optional<Output>.Publisher(range.contains(0) ? output : nil)
    }

    /// Whether the value satisfies `predicate`; nothing when there is no value.
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(output.map(predicate))
    }

    /// Whether the value satisfies `predicate`; nothing when there is no value.
    public func contains(where predicate: (Output) -> Bool) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(output.map(predicate))
    }

    /// A one-element array of the value; an empty array when there is no value (collect
    /// publishes what it gathered when its upstream finishes, even nothing).
    public func collect() -> Optional<[Output]>.Publisher {
        Optional<[Output]>.Publisher(output.map { [$0] } ?? [])
    }

    /// 1 for a value; nothing when there is none.
    public func count() -> Optional<Int>.Publisher {
        Optional<Int>.Publisher(output.map { _ in 1 })
    }

    /// The fold of the value; nothing when there is no value.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
    }

    /// The one step of the accumulation; nothing when there is no value.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
    }

    /// The same publisher: one value is its own minimum.
    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
        self
    }

    /// The same publisher: one value is its own maximum.
    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Optional<Output>.Publisher {
        self
    }
}

extension Optional.Publisher where Output: Equatable {
    /// Whether the value equals `output`; nothing when there is no value.
    public func contains(_ output: Output) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(self.output.map { $0 == output })
    }

    /// The same publisher: one value has no duplicate.
    public func removeDuplicates() -> Optional<Output>.Publisher {
        self
    }
}

extension Optional.Publisher where Output: Comparable {
    /// The same publisher: one value is its own minimum.
    public func min() -> Optional<Output>.Publisher {
        self
    }

    /// The same publisher: one value is its own maximum.
    public func max() -> Optional<Output>.Publisher {
        self
    }
}
