import MVVMDomain
import MVVMTestSupport
import Synchronization
import XCTest

/// A `UserRepository` whose calls suspend until the test answers them, so tests decide the
/// order in which results arrive without sleeping.
///
/// Each call is recorded as a `Call` (its argument, whether its task was cancelled) and waits
/// on a `CheckedContinuation` until the test calls `resume(returning:)` or `resume(throwing:)`.
/// Like a repository that ignores cancellation, a cancelled call keeps waiting: it only notes
/// `isCancelled`, so tests can check that a stale result never lands.
///
/// Everything runs on the main actor: a call is recorded and its continuation installed in one
/// main-actor job, and a resumed call continues on the main actor, so calls resumed in a given
/// order are handled by the ViewModel in that order.
@MainActor
final class ControllableUserRepository: UserRepository {

    /// One call waiting for its answer.
    @MainActor
    final class Call<Argument, Value: Sendable> {
        let argument: Argument
        private var continuation: CheckedContinuation<Value, any Error>?
        private nonisolated let cancelled = Atomic<Bool>(false)

        init(argument: Argument) {
            self.argument = argument
        }

        /// Whether the calling task was cancelled while the call waited.
        nonisolated var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

        /// Whether the call was answered.
        var isResumed: Bool { continuation == nil }

        /// Answers the call with `value`.
        func resume(returning value: Value) {
            takeContinuation().resume(returning: value)
        }

        /// Answers the call with `error`.
        func resume(throwing error: any Error) {
            takeContinuation().resume(throwing: error)
        }

        fileprivate func wait() async throws -> Value {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { self.continuation = $0 }
            } onCancel: {
                self.markCancelled()
            }
        }

        private nonisolated func markCancelled() {
            cancelled.store(true, ordering: .releasing)
        }

        private func takeContinuation() -> CheckedContinuation<Value, any Error> {
            guard let continuation else { preconditionFailure("call already answered") }
            self.continuation = nil
            return continuation
        }
    }

    private(set) var fetchUsersCalls: [Call<Int, UserPage>] = []
    private(set) var fetchUserCalls: [Call<User.ID, User>] = []
    private(set) var updateCalls: [Call<User, User>] = []
    private(set) var searchUsersCalls: [Call<SearchArguments, UserPage>] = []

    /// What one `searchUsers` call asked for.
    struct SearchArguments: Equatable {
        let query: String
        let page: Int
    }

    private let waiters = ConditionExpectations<ControllableUserRepository>()

    /// An expectation fulfilled as soon as `condition` holds: now, or when a later call arrives.
    func expectation(
        _ description: String, when condition: @escaping (ControllableUserRepository) -> Bool
    ) -> XCTestExpectation {
        waiters.expectation(description, for: self, when: condition)
    }

    /// What `cachedUsers(page:)` answers at once, as a repository with a cache would; empty
    /// (the default) behaves as no cache.
    var cachedPages: [Int: UserPage] = [:]

    @MainActor func cachedUsers(page: Int) async -> UserPage? {
        cachedPages[page]
    }

    @MainActor func fetchUsers(page: Int) async throws -> UserPage {
        let call = Call<Int, UserPage>(argument: page)
        fetchUsersCalls.append(call)
        waiters.fulfillMet(by: self)
        return try await call.wait()
    }

    @MainActor func fetchUser(id: User.ID) async throws -> User {
        let call = Call<User.ID, User>(argument: id)
        fetchUserCalls.append(call)
        waiters.fulfillMet(by: self)
        return try await call.wait()
    }

    @MainActor func update(_ user: User) async throws -> User {
        let call = Call<User, User>(argument: user)
        updateCalls.append(call)
        waiters.fulfillMet(by: self)
        return try await call.wait()
    }

    @MainActor func searchUsers(query: String, page: Int) async throws -> UserPage {
        let call = Call<SearchArguments, UserPage>(argument: SearchArguments(query: query, page: page))
        searchUsersCalls.append(call)
        waiters.fulfillMet(by: self)
        return try await call.wait()
    }
}

@MainActor
extension XCTestCase {
    /// Waits (up to a second) until `condition` holds for `repository`'s recorded calls.
    func waitForCalls(
        on repository: ControllableUserRepository,
        where condition: @escaping (ControllableUserRepository) -> Bool
    ) async {
        await fulfillment(of: [repository.expectation("repository called", when: condition)], timeout: 1)
    }

    /// Waits until `repository` received at least `count` `fetchUsers` calls.
    func waitForFetchUsersCalls(_ count: Int, on repository: ControllableUserRepository) async {
        await waitForCalls(on: repository) { $0.fetchUsersCalls.count >= count }
    }

    /// Waits until `repository` received at least `count` `searchUsers` calls.
    func waitForSearchUsersCalls(_ count: Int, on repository: ControllableUserRepository) async {
        await waitForCalls(on: repository) { $0.searchUsersCalls.count >= count }
    }
}
