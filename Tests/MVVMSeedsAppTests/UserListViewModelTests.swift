import MVVMBinding
import MVVMDomain
import MVVMSeedsApp
import XCTest

/// Every test is `async`: on Linux, XCTest's test discovery cannot call a synchronous
/// `@MainActor` test method (it traps casting it to a nonisolated one).
@MainActor
final class UserListViewModelTests: XCTestCase {

    // MARK: - First load

    func test_onAppear_loadsTheFirstPageAndPublishesReset() async {
        let repository = MockUserRepository(pages: [UserFixtures.page(1, of: 2, ids: 1...3)])
        let sut = makeUserList(repository: repository)
        let changes = await rowChanges(of: sut, count: 1) { sut.onAppear() }

        XCTAssertEqual(changes, [.reset(count: 3)])
        XCTAssertEqual(sut.users.map(\.id), [1, 2, 3])
        XCTAssertEqual(sut.count, 3)
        XCTAssertTrue(sut.hasMorePages)
        XCTAssertEqual(sut.loading, .none)
        XCTAssertNil(sut.errorMessage)
        XCTAssertEqual(repository.requestedPages, [1])
    }

    func test_onAppear_showsFullScreenLoadingUntilThePageArrives() async {
        let repository = MockUserRepository(pages: [UserFixtures.page(1, of: 1, ids: 1...2)])
        let sut = makeUserList(repository: repository)
        let states = await loadingStates(of: sut, count: 2) { sut.onAppear() }

        XCTAssertEqual(states, [.fullScreen, .none])
    }

    func test_onAppear_whenUsersAreLoaded_doesNotLoadAgain() async {
        let repository = MockUserRepository(pages: [UserFixtures.page(1, of: 1, ids: 1...2)])
        let sut = makeUserList(repository: repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }

        sut.onAppear()

        XCTAssertEqual(repository.fetchUsersCallCount, 1)
        XCTAssertEqual(sut.loading, .none)
    }

    func test_onAppear_whileTheFirstPageLoads_doesNotStartASecondLoad() async {
        let repository = ControllableUserRepository()
        let sut = makeUserList(repository: repository)
        sut.onAppear()
        await waitForFetchUsersCalls(1, on: repository)

        sut.onAppear()

        XCTAssertEqual(repository.fetchUsersCalls.count, 1)
        XCTAssertFalse(repository.fetchUsersCalls[0].isCancelled)
        await rowChanges(of: sut, count: 1) {
            repository.fetchUsersCalls[0].resume(returning: UserFixtures.page(1, of: 1, ids: 1...2))
        }
    }

    func test_objectWillChange_firesBeforeTheRowsChange() async {
        let repository = MockUserRepository(pages: [UserFixtures.page(1, of: 1, ids: 1...3)])
        let sut = makeUserList(repository: repository)
        var rowCountsWhenWillChangeFired: [Int] = []
        let token = sut.objectWillChange.sink { [unowned sut] in rowCountsWhenWillChangeFired.append(sut.count) }

        await rowChanges(of: sut, count: 1) { sut.onAppear() }

        // Loading .fullScreen, then the rows (still empty when announced), then loading .none.
        XCTAssertEqual(rowCountsWhenWillChangeFired, [0, 0, 3])
        token.cancel()
    }

    // MARK: - Failures

    func test_load_whenTheRepositoryFails_showsTheMessageAndStopsLoading() async {
        let repository = MockUserRepository()
        repository.stubbedFetchUsersError = UserRepositoryStubError(message: "Offline.")
        let sut = makeUserList(repository: repository)
        let messages = await errorMessages(of: sut, count: 1) { sut.onAppear() }

        XCTAssertEqual(messages, ["Offline."])
        XCTAssertEqual(sut.loading, .none)
        XCTAssertTrue(sut.users.isEmpty)
    }

    func test_onAppear_afterAFailedFirstLoad_retries() async {
        let repository = MockUserRepository()
        repository.stubbedFetchUsersError = UserRepositoryStubError()
        let sut = makeUserList(repository: repository)
        await errorMessages(of: sut, count: 1) { sut.onAppear() }
        repository.stubbedFetchUsersError = nil
        repository.stubbedPages[1] = UserFixtures.page(1, of: 1, ids: 1...2)

        let changes = await rowChanges(of: sut, count: 1) { sut.onAppear() }

        XCTAssertEqual(changes, [.reset(count: 2)])
        XCTAssertNil(sut.errorMessage, "a successful load clears the old failure")
    }

    func test_dismissError_clearsTheMessage() async {
        let repository = MockUserRepository()
        repository.stubbedFetchUsersError = UserRepositoryStubError()
        let sut = makeUserList(repository: repository)
        await errorMessages(of: sut, count: 1) { sut.onAppear() }

        sut.dismissError()

        XCTAssertNil(sut.errorMessage)
    }

    // MARK: - Selection and edits

    func test_didSelectRow_sendsTheSelectedUsersID() async {
        let repository = MockUserRepository(pages: [UserFixtures.page(1, of: 1, ids: 7...9)])
        let sut = makeUserList(repository: repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }
        let selected = expectation(description: "user selected")
        var received: [User.ID] = []
        let token = sut.userSelected.sink { id in
            received.append(id)
            selected.fulfill()
        }

        sut.didSelectRow(at: 1)
        sut.didSelectRow(at: 3)

        await fulfillment(of: [selected], timeout: 1)
        XCTAssertEqual(received, [8])
        token.cancel()
    }

    func test_replaceUser_updatesTheRowInPlaceAndPublishesUpdate() async {
        let repository = MockUserRepository(pages: [UserFixtures.page(1, of: 1, ids: 1...3)])
        let sut = makeUserList(repository: repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }

        let changes = await rowChanges(of: sut, count: 1) {
            sut.replaceUser(UserFixtures.user(id: 2, name: "Ada"))
        }

        XCTAssertEqual(changes, [.update(1..<2)])
        XCTAssertEqual(sut.users.map(\.name), ["User 1", "Ada", "User 3"])
    }

    func test_replaceUser_forAUserNotInTheList_changesNothing() async {
        let repository = MockUserRepository(pages: [UserFixtures.page(1, of: 1, ids: 1...3)])
        let sut = makeUserList(repository: repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }
        var changes: [ListChange] = []
        let token = sut.rowChanges.sink { changes.append($0) }

        sut.replaceUser(UserFixtures.user(id: 99, name: "Nobody"))

        XCTAssertEqual(changes, [])
        XCTAssertEqual(sut.users.map(\.id), [1, 2, 3])
        token.cancel()
    }

    func test_rowChanges_appliedToACopy_keepTheCopyEqualToTheRows() async {
        let repository = MockUserRepository(pages: [
            UserFixtures.page(1, of: 3, ids: 1...4),
            UserFixtures.page(2, of: 3, ids: 5...8),
            UserFixtures.page(3, of: 3, ids: 9...9),
        ])
        let sut = makeUserList(repository: repository)
        var mirror: [User] = []
        let token = sut.rowChanges.sink { [unowned sut] change in change.apply(to: &mirror, from: sut.users) }

        await rowChanges(of: sut, count: 1) { sut.onAppear() }
        await rowChanges(of: sut, count: 1) { sut.didDisplayRow(at: 3) }
        await rowChanges(of: sut, count: 1) { sut.didDisplayRow(at: 7) }
        sut.replaceUser(UserFixtures.user(id: 6, name: "Grace"))

        XCTAssertEqual(mirror, sut.users)
        XCTAssertEqual(mirror.count, 9)
        token.cancel()
    }
}
