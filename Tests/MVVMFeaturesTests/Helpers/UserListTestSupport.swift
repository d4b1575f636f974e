import MVVMBinding
import MVVMDomain
import MVVMFeatures
import XCTest

/// Shared steps of the `UserListViewModel` tests: creating the list with a leak check, and
/// running an action then waiting (with an expectation) for what it publishes.
@MainActor
extension XCTestCase {

    /// A list over `repository`, checked for leaks when the test ends.
    func makeUserList(repository: any UserRepository) -> UserListViewModel {
        let sut = UserListViewModel(repository: repository)
        addTeardownBlock { [weak sut] in XCTAssertNil(sut, "UserListViewModel leaked") }
        return sut
    }

    /// Runs `action`, then waits for `count` row changes and returns them.
    @discardableResult
    func rowChanges(
        of sut: UserListViewModel, count: Int, after action: () -> Void
    ) async -> [ListChange] {
        let received = expectation(description: "\(count) row change(s)")
        received.expectedFulfillmentCount = count
        var changes: [ListChange] = []
        let token = sut.rowChanges.sink { change in
            changes.append(change)
            received.fulfill()
        }
        action()
        await fulfillment(of: [received], timeout: 1)
        token.cancel()
        return changes
    }

    /// Runs `action`, then waits for `count` new values of `loading` (the current one dropped).
    func loadingStates(
        of sut: UserListViewModel, count: Int, after action: () -> Void
    ) async -> [UserListViewModel.Loading] {
        let received = expectation(description: "\(count) loading state(s)")
        received.expectedFulfillmentCount = count
        var states: [UserListViewModel.Loading] = []
        let token = sut.$loading.dropFirst().sink { state in
            states.append(state)
            received.fulfill()
        }
        action()
        await fulfillment(of: [received], timeout: 1)
        token.cancel()
        return states
    }

    /// Runs `action`, then waits for `count` non-nil error messages.
    @discardableResult
    func errorMessages(
        of sut: UserListViewModel, count: Int, after action: () -> Void
    ) async -> [String] {
        let received = expectation(description: "\(count) error message(s)")
        received.expectedFulfillmentCount = count
        var messages: [String] = []
        let token = sut.$errorMessage.dropFirst().compactMap { $0 }.sink { message in
            messages.append(message)
            received.fulfill()
        }
        action()
        await fulfillment(of: [received], timeout: 1)
        token.cancel()
        return messages
    }
}
