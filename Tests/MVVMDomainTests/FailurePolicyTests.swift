import MVVMDomain
import XCTest

final class FailurePolicyTests: XCTestCase {
    func test_never_letsEveryCallThrough() {
        for operation in RepositoryOperation.allCases {
            XCTAssertNil(FailurePolicy.never.failure(for: operation, callNumber: 1))
        }
    }

    func test_always_failsEveryCall_namingTheOperationByDefault() {
        XCTAssertEqual(
            FailurePolicy.always().failure(for: .setLiked, callNumber: 8),
            .injectedFailure(operation: "setLiked"))
        let offline = FailurePolicy.always(.unavailable(reason: "offline"))
        XCTAssertEqual(
            offline.failure(for: .fetchPost, callNumber: 1), .unavailable(reason: "offline"))
    }

    func test_everyNthCall_failsMultiplesOfN() {
        let policy = FailurePolicy.everyNthCall(2)
        let failing = (1...6).filter { policy.failure(for: .fetchUsers, callNumber: $0) != nil }
        XCTAssertEqual(failing, [2, 4, 6])
    }

    func test_calls_failsExactlyTheListedCallNumbers() {
        let policy = FailurePolicy.calls([1, 5])
        let failing = (1...6).filter { policy.failure(for: .fetchUser, callNumber: $0) != nil }
        XCTAssertEqual(failing, [1, 5])
    }

    func test_operations_failsOnlyTheListedOperations() {
        let policy = FailurePolicy.operations([.updateUser, .setLiked])
        let failing = RepositoryOperation.allCases.filter {
            policy.failure(for: $0, callNumber: 1) != nil
        }
        XCTAssertEqual(failing, [.updateUser, .setLiked])
    }

    func test_customDecision_seesTheOperationAndCallNumber() {
        let policy = FailurePolicy { operation, callNumber in
            operation == .fetchUsers && callNumber > 2 ? .unavailable(reason: "rate limited") : nil
        }
        XCTAssertNil(policy.failure(for: .fetchUsers, callNumber: 2))
        XCTAssertNil(policy.failure(for: .fetchUser, callNumber: 3))
        XCTAssertEqual(
            policy.failure(for: .fetchUsers, callNumber: 3), .unavailable(reason: "rate limited"))
    }
}
