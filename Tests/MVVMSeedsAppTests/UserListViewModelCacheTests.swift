import MVVMBinding
import MVVMDomain
import MVVMSeedsApp
import XCTest

/// The list over a repository with a cache: cached rows at once, then the fresh page as
/// exact changes; offline, the cached rows and a dismissible error.
@MainActor
final class UserListViewModelCacheTests: XCTestCase {

    private func user(_ id: Int, _ name: String) -> User {
        User(id: id, name: name, email: "u\(id)@example.com")
    }

    func test_onAppear_showsTheCachedPageAtOnce_beforeTheServerAnswers() async {
        let repository = ControllableUserRepository()
        repository.cachedPages[1] = UserFixtures.page(1, of: 2, ids: 1...3)
        let sut = makeUserList(repository: repository)

        let changes = await rowChanges(of: sut, count: 1) { sut.onAppear() }

        XCTAssertEqual(changes, [.reset(count: 3)])
        XCTAssertEqual(sut.users.map(\.id), [1, 2, 3])
        XCTAssertEqual(sut.loading, .fullScreen)
        await waitForFetchUsersCalls(1, on: repository)
        XCTAssertEqual(repository.fetchUsersCalls[0].argument, 1)
        await rowChanges(of: sut, count: 1) {
            repository.fetchUsersCalls[0].resume(returning: UserFixtures.page(1, of: 2, ids: 1...4))
        }
    }

    func test_theFreshPage_replacesTheCachedRows_withExactChanges() async {
        let repository = ControllableUserRepository()
        repository.cachedPages[1] = UserPage(
            users: [user(1, "Ada"), user(2, "Alan"), user(3, "Grace")], page: 1, totalPages: 1)
        let sut = makeUserList(repository: repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }
        await waitForFetchUsersCalls(1, on: repository)
        let fresh = [user(1, "Ada"), user(2, "Alan Turing"), user(3, "Grace"), user(4, "Edsger")]

        let changes = await rowChanges(of: sut, count: 2) {
            repository.fetchUsersCalls[0].resume(returning: UserPage(users: fresh, page: 1, totalPages: 1))
        }

        XCTAssertEqual(changes, [.update(1..<2), .insert(3..<4)])
        XCTAssertEqual(sut.users, fresh)
        XCTAssertEqual(sut.loading, .none)
    }

    func test_aFreshPageEqualToTheCache_changesNothing() async {
        let repository = ControllableUserRepository()
        let page = UserFixtures.page(1, of: 1, ids: 1...3)
        repository.cachedPages[1] = page
        let sut = makeUserList(repository: repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }
        await waitForFetchUsersCalls(1, on: repository)
        var published: [ListChange] = []
        let token = sut.rowChanges.sink { published.append($0) }

        let states = await loadingStates(of: sut, count: 1) { repository.fetchUsersCalls[0].resume(returning: page) }

        XCTAssertEqual(states, [.none])

        XCTAssertEqual(published, [])
        XCTAssertEqual(sut.users, page.users)
        token.cancel()
    }

    func test_offline_keepsTheCachedRows_andShowsADismissibleError() async {
        let repository = ControllableUserRepository()
        repository.cachedPages[1] = UserFixtures.page(1, of: 1, ids: 1...2)
        let sut = makeUserList(repository: repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }
        await waitForFetchUsersCalls(1, on: repository)

        let messages = await errorMessages(of: sut, count: 1) {
            repository.fetchUsersCalls[0].resume(throwing: UserRepositoryStubError(message: "Offline."))
        }

        XCTAssertEqual(messages, ["Offline."])
        XCTAssertEqual(sut.users.map(\.id), [1, 2])
        XCTAssertEqual(sut.loading, .none)
        sut.dismissError()
        XCTAssertNil(sut.errorMessage)
        XCTAssertEqual(sut.users.map(\.id), [1, 2])
    }

    func test_withoutACachedPage_theFirstLoadIsAPlainReset() async {
        let repository = ControllableUserRepository()
        let sut = makeUserList(repository: repository)
        sut.onAppear()
        await waitForFetchUsersCalls(1, on: repository)
        XCTAssertEqual(sut.count, 0)

        let changes = await rowChanges(of: sut, count: 1) {
            repository.fetchUsersCalls[0].resume(returning: UserFixtures.page(1, of: 1, ids: 1...2))
        }

        XCTAssertEqual(changes, [.reset(count: 2)])
    }
}
