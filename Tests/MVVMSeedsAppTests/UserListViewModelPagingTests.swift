import MVVMBinding
import MVVMDomain
import MVVMSeedsApp
import XCTest

/// Paging, refresh, cancellation and stale results of `UserListViewModel`.
///
/// Every test is `async`: on Linux, XCTest's test discovery cannot call a synchronous
/// `@MainActor` test method (it traps casting it to a nonisolated one).
@MainActor
final class UserListViewModelPagingTests: XCTestCase {

    // MARK: - Next page

    func test_didDisplayRow_farFromTheEnd_doesNotFetchTheNextPage() async {
        let repository = MockUserRepository(pages: [UserFixtures.page(1, of: 2, ids: 1...10)])
        let sut = makeUserList(repository: repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }

        sut.didDisplayRow(at: 0)
        sut.didDisplayRow(at: 6)
        sut.didDisplayRow(at: 42)

        XCTAssertEqual(repository.requestedPages, [1])
        XCTAssertEqual(sut.loading, .none)
    }

    func test_didDisplayRow_nearTheEnd_appendsTheNextPageAndPublishesItsInsertRange() async {
        let repository = MockUserRepository(pages: [
            UserFixtures.page(1, of: 3, ids: 1...10),
            UserFixtures.page(2, of: 3, ids: 11...14),
        ])
        let sut = makeUserList(repository: repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }

        let changes = await rowChanges(of: sut, count: 1) { sut.didDisplayRow(at: 7) }

        XCTAssertEqual(changes, [.insert(10..<14)])
        XCTAssertEqual(sut.users.map(\.id), Array(1...14))
        XCTAssertEqual(repository.requestedPages, [1, 2])
        XCTAssertTrue(sut.hasMorePages)
    }

    func test_didDisplayRow_showsNextPageLoadingWhileThePageLoads() async {
        let repository = MockUserRepository(pages: [
            UserFixtures.page(1, of: 2, ids: 1...3),
            UserFixtures.page(2, of: 2, ids: 4...6),
        ])
        let sut = makeUserList(repository: repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }

        let states = await loadingStates(of: sut, count: 2) { sut.didDisplayRow(at: 2) }

        XCTAssertEqual(states, [.nextPage, .none])
    }

    func test_didDisplayRow_whileThePageLoads_neverRequestsItTwice() async {
        let repository = ControllableUserRepository()
        let sut = makeUserList(repository: repository)
        sut.onAppear()
        await waitForFetchUsersCalls(1, on: repository)
        await rowChanges(of: sut, count: 1) {
            repository.fetchUsersCalls[0].resume(returning: UserFixtures.page(1, of: 3, ids: 1...5))
        }

        sut.didDisplayRow(at: 3)
        sut.didDisplayRow(at: 4)
        sut.didDisplayRow(at: 4)
        await waitForFetchUsersCalls(2, on: repository)

        XCTAssertEqual(repository.fetchUsersCalls.map(\.argument), [1, 2])
        XCTAssertEqual(sut.loading, .nextPage)
        await rowChanges(of: sut, count: 1) {
            repository.fetchUsersCalls[1].resume(returning: UserFixtures.page(2, of: 3, ids: 6...10))
        }
        XCTAssertEqual(sut.count, 10)
    }

    func test_didDisplayRow_onTheLastPage_doesNotFetchMore() async {
        let repository = MockUserRepository(pages: [UserFixtures.page(1, of: 1, ids: 1...3)])
        let sut = makeUserList(repository: repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }

        sut.didDisplayRow(at: 2)

        XCTAssertFalse(sut.hasMorePages)
        XCTAssertEqual(repository.requestedPages, [1])
    }

    func test_didDisplayRow_beforeAnyRowsOrOutOfRange_isIgnored() async {
        let repository = MockUserRepository()
        let sut = makeUserList(repository: repository)

        sut.didDisplayRow(at: 0)
        sut.didDisplayRow(at: -1)

        XCTAssertEqual(repository.fetchUsersCallCount, 0)
        XCTAssertEqual(sut.loading, .none)
    }

    func test_nextPage_whenTheRepositoryFails_keepsTheRowsAndRetriesOnlyAfterDismissal() async {
        let repository = MockUserRepository(pages: [UserFixtures.page(1, of: 2, ids: 1...3)])
        let sut = makeUserList(repository: repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }

        let messages = await errorMessages(of: sut, count: 1) { sut.didDisplayRow(at: 2) }
        sut.didDisplayRow(at: 2)

        XCTAssertEqual(messages, ["No page 2."])
        XCTAssertEqual(sut.users.map(\.id), [1, 2, 3])
        XCTAssertEqual(sut.loading, .none)
        XCTAssertEqual(repository.requestedPages, [1, 2], "no retry while the error is shown")

        repository.stubbedPages[2] = UserFixtures.page(2, of: 2, ids: 4...5)
        sut.dismissError()
        let changes = await rowChanges(of: sut, count: 1) { sut.didDisplayRow(at: 2) }

        XCTAssertEqual(changes, [.insert(3..<5)])
        XCTAssertEqual(repository.requestedPages, [1, 2, 2])
    }

    // MARK: - Refresh, cancellation and stale results

    func test_refresh_replacesTheRowsAndPublishesReset() async {
        let repository = MockUserRepository(pages: [
            UserFixtures.page(1, of: 2, ids: 1...3),
            UserFixtures.page(2, of: 2, ids: 4...6),
        ])
        let sut = makeUserList(repository: repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }
        await rowChanges(of: sut, count: 1) { sut.didDisplayRow(at: 2) }
        repository.stubbedPages[1] = UserFixtures.page(1, of: 2, ids: 101...102)

        let changes = await rowChanges(of: sut, count: 1) { sut.refresh() }

        XCTAssertEqual(changes, [.reset(count: 2)])
        XCTAssertEqual(sut.users.map(\.id), [101, 102])
        XCTAssertTrue(sut.hasMorePages)
    }

    func test_refresh_duringASlowLoad_cancelsItAndItsResultNeverLands() async {
        let repository = ControllableUserRepository()
        let sut = makeUserList(repository: repository)
        sut.onAppear()
        await waitForFetchUsersCalls(1, on: repository)

        sut.refresh()
        await waitForFetchUsersCalls(2, on: repository)

        XCTAssertTrue(repository.fetchUsersCalls[0].isCancelled)
        XCTAssertFalse(repository.fetchUsersCalls[1].isCancelled)
        XCTAssertEqual(sut.loading, .fullScreen)
        // The repository ignores cancellation and answers the stale call first: calls resumed
        // in order are handled in order, so the stale result is processed before the fresh one.
        let changes = await rowChanges(of: sut, count: 1) {
            repository.fetchUsersCalls[0].resume(returning: UserFixtures.page(1, of: 9, ids: 900...909))
            repository.fetchUsersCalls[1].resume(returning: UserFixtures.page(1, of: 1, ids: 1...2))
        }

        XCTAssertEqual(changes, [.reset(count: 2)])
        XCTAssertEqual(sut.users.map(\.id), [1, 2])
        XCTAssertFalse(sut.hasMorePages)
        XCTAssertEqual(sut.loading, .none)
    }

    func test_refresh_duringASlowLoad_aStaleFailureIsNotShown() async {
        let repository = ControllableUserRepository()
        let sut = makeUserList(repository: repository)
        sut.onAppear()
        await waitForFetchUsersCalls(1, on: repository)
        sut.refresh()
        await waitForFetchUsersCalls(2, on: repository)

        await rowChanges(of: sut, count: 1) {
            repository.fetchUsersCalls[0].resume(throwing: UserRepositoryStubError())
            repository.fetchUsersCalls[1].resume(returning: UserFixtures.page(1, of: 1, ids: 1...2))
        }

        XCTAssertNil(sut.errorMessage)
    }

    func test_refresh_duringANextPageLoad_dropsTheStalePage() async {
        let repository = ControllableUserRepository()
        let sut = makeUserList(repository: repository)
        sut.onAppear()
        await waitForFetchUsersCalls(1, on: repository)
        await rowChanges(of: sut, count: 1) {
            repository.fetchUsersCalls[0].resume(returning: UserFixtures.page(1, of: 2, ids: 1...3))
        }
        sut.didDisplayRow(at: 2)
        await waitForFetchUsersCalls(2, on: repository)

        sut.refresh()
        await waitForFetchUsersCalls(3, on: repository)
        let changes = await rowChanges(of: sut, count: 1) {
            repository.fetchUsersCalls[1].resume(returning: UserFixtures.page(2, of: 2, ids: 4...6))
            repository.fetchUsersCalls[2].resume(returning: UserFixtures.page(1, of: 2, ids: 11...13))
        }

        XCTAssertEqual(repository.fetchUsersCalls.map(\.argument), [1, 2, 1])
        XCTAssertTrue(repository.fetchUsersCalls[1].isCancelled)
        XCTAssertEqual(changes, [.reset(count: 3)])
        XCTAssertEqual(sut.users.map(\.id), [11, 12, 13])
        XCTAssertTrue(sut.hasMorePages, "the stale last page did not mark the list complete")
    }

    func test_release_duringALoad_freesTheViewModelAndCancelsTheLoad() async {
        let repository = ControllableUserRepository()
        var sut: UserListViewModel? = UserListViewModel(repository: repository)
        weak let weakSUT = sut
        sut?.onAppear()
        await waitForFetchUsersCalls(1, on: repository)

        sut = nil

        XCTAssertNil(weakSUT, "the pending load does not keep the list alive")
        XCTAssertTrue(repository.fetchUsersCalls[0].isCancelled)
        repository.fetchUsersCalls[0].resume(returning: UserFixtures.page(1, of: 1, ids: 1...2))
    }
}
