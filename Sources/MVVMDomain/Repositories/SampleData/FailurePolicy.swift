/// Decides, deterministically, which repository calls fail on purpose, for demos and tests of
/// error paths.
///
/// A policy sees the operation and the call's number: calls to one repository are numbered
/// 1, 2, 3, ... in the order they start, whatever the operation. When it returns an error the
/// call throws it (after any simulated latency) and leaves the data unchanged.
public struct FailurePolicy: Sendable {
    private let decide: @Sendable (RepositoryOperation, Int) -> DomainError?

    /// A policy that asks `decide` about every call; returning `nil` lets the call proceed.
    public init(
        _ decide:
            @escaping @Sendable (
                _ operation: RepositoryOperation, _ callNumber: Int
            ) -> DomainError?
    ) {
        self.decide = decide
    }

    /// The error call number `callNumber` of `operation` fails with, or `nil` if it succeeds.
    public func failure(for operation: RepositoryOperation, callNumber: Int) -> DomainError? {
        decide(operation, callNumber)
    }

    /// Nothing fails.
    public static let never = FailurePolicy { _, _ in nil }

    /// Every call fails, with `error` or else `DomainError.injectedFailure` naming the operation.
    public static func always(_ error: DomainError? = nil) -> FailurePolicy {
        FailurePolicy { operation, _ in error ?? .injectedFailure(operation: operation.rawValue) }
    }

    /// Calls number `n`, `2n`, `3n`, ... fail, with `error` or else `DomainError.injectedFailure`.
    ///
    /// - Precondition: `n >= 1`.
    public static func everyNthCall(_ n: Int, error: DomainError? = nil) -> FailurePolicy {
        precondition(n >= 1, "n must be at least 1")
        return FailurePolicy { operation, callNumber in
            callNumber % n == 0 ? (error ?? .injectedFailure(operation: operation.rawValue)) : nil
        }
    }

    /// Exactly the calls whose numbers are in `callNumbers` fail (for example `[2]`: the second
    /// call), with `error` or else `DomainError.injectedFailure`.
    public static func calls(_ callNumbers: Set<Int>, error: DomainError? = nil) -> FailurePolicy {
        FailurePolicy { operation, callNumber in
            callNumbers.contains(callNumber)
                ? (error ?? .injectedFailure(operation: operation.rawValue)) : nil
        }
    }

    /// Every call of the listed operations fails, with `error` or else
    /// `DomainError.injectedFailure`; other operations succeed.
    public static func operations(
        _ operations: Set<RepositoryOperation>, error: DomainError? = nil
    ) -> FailurePolicy {
        FailurePolicy { operation, _ in
            operations.contains(operation)
                ? (error ?? .injectedFailure(operation: operation.rawValue)) : nil
        }
    }
}
