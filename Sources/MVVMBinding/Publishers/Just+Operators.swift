// Combine's specialised operators on `Just`: with one value known up front, each is computed
// at once, when the operator is applied, and gives a `Just`, an `Optional.Publisher` (when the
// value may be filtered out) or a `Result.Publisher` (when a closure may throw or the failure
// type changes) — the same return types as Combine's, so chains type-check the same way.

extension Just {
    /// A `Just` of the transformed value.
    public func map<T>(_ transform: (Output) -> T) -> Just<T> {
        Just<T>(transform(output))
    }

    /// The transformed value, or the error the transform throws.
    public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try transform(output) })
    }

    /// The same value, with a failure type (a `Just` never fails, so `transform` is never
    /// called).
    public func mapError<E: Error>(_ transform: (Just<Output>.Failure) -> E) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    /// The same value, with a failure type.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    /// The one step of the accumulation.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Just<Output>.Failure>.Publisher {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    /// The one step of the accumulation, or the error it throws.
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    /// The fold of the one value.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Just<Output>.Failure>.Publisher {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    /// The fold of the one value, or the error it throws.
    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    /// The value, if `isIncluded` accepts it.
    public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(isIncluded(output) ? output : nil)
    }

    /// The transformed value, unless the transform returns `nil`.
    public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(transform(output))
    }

    /// The same `Just`: one value has no duplicate.
    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> {
        self
    }

    /// The same value, or the error `predicate` throws. As in Combine, `predicate` is called
    /// once, comparing the value with itself, and what it returns is ignored.
    public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool) -> Result<Output, Error>.Publisher {
        Result<Output, Error>.Publisher(
            Result {
                _ = try predicate(output, output)
                return output
            })
    }

    /// The same `Just`: it is never empty.
    public func replaceEmpty(with output: Output) -> Just<Output> {
        self
    }

    /// The same `Just`: it never fails.
    public func replaceError(with output: Output) -> Just<Output> {
        self
    }

    /// The same `Just`: it never fails, so there is nothing to retry.
    public func retry(_ retries: Int) -> Just<Output> {
        self
    }

    /// A `Just` of a one-element array.
    public func collect() -> Just<[Output]> {
        Just<[Output]>([output])
    }

    /// A publisher that only finishes.
    public func ignoreOutput() -> Empty<Output, Just<Output>.Failure> {
        Empty()
    }

    /// The same `Just`: one value is its own minimum.
    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
        self
    }

    /// The same `Just`: one value is its own maximum.
    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> {
        self
    }

    /// `elements`, then the value: a `Publishers.Sequence`, not a concatenation.
    public func prepend(_ elements: Output...) -> Publishers.Sequence<[Output], Just<Output>.Failure> {
        prepend(elements)
    }

    /// The elements of `elements`, then the value: a `Publishers.Sequence`, not a concatenation.
    public func prepend<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Just<Output>.Failure>
    where S.Element == Output {
        Publishers.Sequence(sequence: elements + [output])
    }

    /// The value, then `elements`: a `Publishers.Sequence`, not a concatenation.
    public func append(_ elements: Output...) -> Publishers.Sequence<[Output], Just<Output>.Failure> {
        append(elements)
    }

    /// The value, then the elements of `elements`: a `Publishers.Sequence`, not a concatenation.
    public func append<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Just<Output>.Failure>
    where S.Element == Output {
        var all = [output]
        all.append(contentsOf: elements)
        return Publishers.Sequence(sequence: all)
    }

    /// A `Just` of 1.
    public func count() -> Just<Int> {
        Just<Int>(1)
    }

    /// Whether the value satisfies `predicate`.
    public func contains(where predicate: (Output) -> Bool) -> Just<Bool> {
        Just<Bool>(predicate(output))
    }

    /// Whether the value satisfies `predicate`, or the error it throws.
    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try predicate(output) })
    }

    /// Whether the value satisfies `predicate`.
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> {
        Just<Bool>(predicate(output))
    }

    /// Whether the value satisfies `predicate`, or the error it throws.
    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try predicate(output) })
    }

    /// The same `Just`: its value is its first.
    public func first() -> Just<Output> {
        self
    }

    /// The value, if it satisfies `predicate`.
    public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// The same `Just`: its value is its last.
    public func last() -> Just<Output> {
        self
    }

    /// The value, if it satisfies `predicate`.
    public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// The value, unless at least one value is dropped.
    public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
        precondition(count >= 0, "dropFirst(_:): can't drop a negative number of values (count is \(count))")
        return Optional<Output>.Publisher(count == 0 ? output : nil)
    }

    /// The value, unless `predicate` drops it.
    public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? nil : output)
    }

    /// The value, if `maxLength` lets at least one through.
    public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
        precondition(maxLength >= 0, "Just.prefix(_:): maxLength must not be negative, got \(maxLength)")
        return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
    }

    /// The value, if `predicate` accepts it.
    public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// The value, if `index` is 0 (the only index a `Just` has).
    public func output(at index: Int) -> Optional<Output>.Publisher {
        precondition(index >= 0, "Just.output(at:): index must not be negative, got \(index)")
        return Optional<Output>.Publisher(index == 0 ? output : nil)
    }

    /// The value, if `range` starts at index 0 (the only index a `Just` has).
    ///
    /// As in Combine, only the lower bound counts: an empty range that starts at 0 (`0..<0`)
    /// gives the value, and a range that starts below 0 (`-1..<1`) gives nothing.
    public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
        Optional<Output>.Publisher(range.relative(to: 0..<Int.max).lowerBound == 0 ? output : nil)
    }
}

extension Just where Output: Equatable {
    /// Whether the value equals `output`.
    public func contains(_ output: Output) -> Just<Bool> {
        Just<Bool>(self.output == output)
    }

    /// The same `Just`: one value has no duplicate.
    public func removeDuplicates() -> Just<Output> {
        self
    }
}

extension Just where Output: Comparable {
    /// The same `Just`: one value is its own minimum.
    public func min() -> Just<Output> {
        self
    }

    /// The same `Just`: one value is its own maximum.
    public func max() -> Just<Output> {
        self
    }
}
