import MVVMDomain

/// A `UserRepository` that answers at once from stubs and counts its calls.
///
/// Main-actor isolated like the ViewModels under test, so tests read and set it directly.
/// Each method throws its `stubbed*Error` when set. Otherwise `fetchUsers` answers
/// `stubbedPages[page]`, `fetchUser` answers `stubbedUser` or `stubbedUserForID(id)`, and
/// `update` echoes the user it was given unless `stubbedUpdateResult` is set, and
/// `searchUsers` answers `stubbedSearchPages[page]` whatever the query; a missing stub throws
/// `UserRepositoryStubError`.
@MainActor
final class MockUserRepository: UserRepository {
    var stubbedPages: [Int: UserPage] = [:]
    var stubbedFetchUsersError: (any Error)?
    var stubbedUser: User?
    /// Answers `fetchUser(id:)` when `stubbedUser` is nil.
    var stubbedUserForID: ((User.ID) -> User)?
    var stubbedFetchUserError: (any Error)?
    var stubbedUpdateResult: User?
    var stubbedUpdateError: (any Error)?
    /// Answers `searchUsers(query:page:)` by page number, for any query.
    var stubbedSearchPages: [Int: UserPage] = [:]
    var stubbedSearchUsersError: (any Error)?

    private(set) var fetchUsersCallCount = 0
    private(set) var requestedPages: [Int] = []
    private(set) var fetchUserCallCount = 0
    private(set) var requestedUserIDs: [User.ID] = []
    private(set) var updateCallCount = 0
    private(set) var updatedUsers: [User] = []
    private(set) var searchUsersCallCount = 0
    private(set) var searchedQueries: [String] = []
    private(set) var requestedSearchPages: [Int] = []

    init(pages: [UserPage] = [], user: User? = nil) {
        for page in pages { stubbedPages[page.page] = page }
        stubbedUser = user
    }

    @MainActor func fetchUsers(page: Int) async throws -> UserPage {
        fetchUsersCallCount += 1
        requestedPages.append(page)
        if let stubbedFetchUsersError { throw stubbedFetchUsersError }
        guard let result = stubbedPages[page] else { throw UserRepositoryStubError(message: "No page \(page).") }
        return result
    }

    @MainActor func fetchUser(id: User.ID) async throws -> User {
        fetchUserCallCount += 1
        requestedUserIDs.append(id)
        if let stubbedFetchUserError { throw stubbedFetchUserError }
        if let stubbedUser { return stubbedUser }
        if let stubbedUserForID { return stubbedUserForID(id) }
        throw UserRepositoryStubError(message: "No user \(id).")
    }

    @MainActor func update(_ user: User) async throws -> User {
        updateCallCount += 1
        updatedUsers.append(user)
        if let stubbedUpdateError { throw stubbedUpdateError }
        return stubbedUpdateResult ?? user
    }

    @MainActor func searchUsers(query: String, page: Int) async throws -> UserPage {
        searchUsersCallCount += 1
        searchedQueries.append(query)
        requestedSearchPages.append(page)
        if let stubbedSearchUsersError { throw stubbedSearchUsersError }
        guard let result = stubbedSearchPages[page] else {
            throw UserRepositoryStubError(message: "No search page \(page).")
        }
        return result
    }
}
