import MVVMBinding
import MVVMDomain
import MVVMSeedsApp
import MVVMTestSupport
import XCTest

/// Shared steps of the `UserListViewModel` tests: creating the list with a leak check, and
/// running an action then waiting (with an expectation) for what it publishes.
@MainActor
extension XCTestCase {

    /// A list over `repository`, checked for leaks when the test ends.
    func makeUserList(repository: any UserRepository) -> UserListViewModel {
        let sut = UserListViewModel(repository: repository)
        trackForMemoryLeaks(sut)
        return sut
    }

    /// Runs `action`, then waits for `count` row changes and returns them.
    @discardableResult
    func rowChanges(
        of sut: UserListViewModel, count: Int, after action: () -> Void
    ) async -> [ListChange] {
        await values(of: sut.rowChanges, count: count, "row change(s)", after: action)
    }

    /// Runs `action`, then waits for `count` new values of `loading` (the current one dropped).
    func loadingStates(
        of sut: UserListViewModel, count: Int, after action: () -> Void
    ) async -> [UserListViewModel.Loading] {
        await values(of: sut.$loading.dropFirst(), count: count, "loading state(s)", after: action)
    }

    /// Runs `action`, then waits for `count` non-nil error messages.
    @discardableResult
    func errorMessages(
        of sut: UserListViewModel, count: Int, after action: () -> Void
    ) async -> [String] {
        await values(of: sut.$errorMessage.dropFirst().compactMap { $0 }, count: count, "error message(s)", after: action)
    }
}
