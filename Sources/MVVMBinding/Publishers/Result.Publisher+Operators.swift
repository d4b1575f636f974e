// Combine's specialised operators on `Result.Publisher`: with the result known up front, each
// is computed at once, when the operator is applied, and gives a `Result.Publisher` again, as
// Combine's do. A failure passes through every one of them unchanged.

extension Result.Publisher {
    /// The transformed success value.
    public func map<T>(_ transform: (Output) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map(transform))
    }

    /// The transformed success value, or the error the transform throws.
    public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, Error>.Publisher {
        switch result {
        case .success(let value): return Result<T, Error>.Publisher(Swift.Result<T, Error> { try transform(value) })
        case .failure(let error): return Result<T, Error>.Publisher(.failure(error))
        }
    }

    /// The same success, or the transformed error.
    public func mapError<E: Error>(_ transform: (Failure) -> E) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(result.mapError(transform))
    }

    /// The success value, or `output` in place of the failure.
    public func replaceError(with output: Output) -> Result<Output, Never>.Publisher {
        Result<Output, Never>.Publisher(.success((try? result.get()) ?? output))
    }

    /// A one-element array of the success value.
    public func collect() -> Result<[Output], Failure>.Publisher {
        Result<[Output], Failure>.Publisher(result.map { [$0] })
    }

    /// 1 for a success.
    public func count() -> Result<Int, Failure>.Publisher {
        Result<Int, Failure>.Publisher(result.map { _ in 1 })
    }

    /// Whether the success value satisfies `predicate`.
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map(predicate))
    }

    /// Whether the success value satisfies `predicate`.
    public func contains(where predicate: (Output) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map(predicate))
    }

    /// The fold of the success value.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
    }

    /// The one step of the accumulation.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
    }

    /// Whether the success value satisfies `predicate`, or the error it throws.
    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        tryMap(predicate)
    }

    /// Whether the success value satisfies `predicate`, or the error it throws.
    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        tryMap(predicate)
    }

    /// The fold of the success value, or the error the closure throws.
    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T, Error>.Publisher {
        tryMap { try nextPartialResult(initialResult, $0) }
    }

    /// The one step of the accumulation, or the error the closure throws.
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T, Error>.Publisher {
        tryMap { try nextPartialResult(initialResult, $0) }
    }

    /// A publisher that only finishes, for a failure too: Combine's return type, `Empty`,
    /// cannot fail.
    public func ignoreOutput() -> Empty<Output, Failure> {
        Empty()
    }

    /// The same publisher: one value has no duplicate.
    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
        self
    }

    /// The same result with `Error` as its failure, or the error the predicate throws: as
    /// Combine's, a success is compared with itself once (the result is ignored).
    public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool) -> Result<Output, Error>.Publisher {
        tryMap {
            _ = try predicate($0, $0)
            return $0
        }
    }

    /// The same publisher: a success is never empty, and a failure is not replaced.
    public func replaceEmpty(with output: Output) -> Result<Output, Failure>.Publisher {
        self
    }

    /// The same publisher: its result is fixed, so a retry would give it again.
    public func retry(_ retries: Int) -> Result<Output, Failure>.Publisher {
        self
    }

    /// The same result with `Error` as its failure, or the error the comparison throws: as
    /// Combine's, a success is compared with itself once (one value is its own minimum).
    public func tryMin(by areInIncreasingOrder: (Output, Output) throws -> Bool) -> Result<Output, Error>.Publisher {
        tryMap {
            _ = try areInIncreasingOrder($0, $0)
            return $0
        }
    }

    /// The same result with `Error` as its failure, or the error the comparison throws: as
    /// Combine's, a success is compared with itself once (one value is its own maximum).
    public func tryMax(by areInIncreasingOrder: (Output, Output) throws -> Bool) -> Result<Output, Error>.Publisher {
        tryMap {
            _ = try areInIncreasingOrder($0, $0)
            return $0
        }
    }

    /// The same publisher: one value is its own minimum.
    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
        self
    }

    /// The same publisher: one value is its own maximum.
    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Result<Output, Failure>.Publisher {
        self
    }

    /// The same publisher: its value is its first.
    public func first() -> Result<Output, Failure>.Publisher {
        self
    }

    /// The same publisher: its value is its last.
    public func last() -> Result<Output, Failure>.Publisher {
        self
    }
}

extension Result.Publisher where Failure == Never {
    /// The same success, with a failure type.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(result.get())
    }
}

extension Result.Publisher where Output: Equatable {
    /// Whether the success value equals `output`.
    public func contains(_ output: Output) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map { $0 == output })
    }

    /// The same publisher: one value has no duplicate.
    public func removeDuplicates() -> Result<Output, Failure>.Publisher {
        self
    }
}

extension Result.Publisher where Output: Comparable {
    /// The same publisher: one value is its own minimum.
    public func min() -> Result<Output, Failure>.Publisher {
        self
    }

    /// The same publisher: one value is its own maximum.
    public func max() -> Result<Output, Failure>.Publisher {
        self
    }
}
