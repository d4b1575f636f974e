import MVVMBinding
import MVVMDomain
import MVVMSeedsApp
import MVVMTestSupport
import XCTest

/// Debounce, duplicates, superseded searches, the empty-query state, paging, errors and
/// selection of `UserSearchViewModel`, on a virtual-time `TestScheduler`: time moves only
/// when a test calls `advance(by:)`, so nothing sleeps.
///
/// Every test is `async`: on Linux, XCTest's test discovery cannot call a synchronous
/// `@MainActor` test method (it traps casting it to a nonisolated one).
@MainActor
final class UserSearchViewModelTests: XCTestCase {
    private let debounce: TestScheduler.SchedulerTimeType.Stride = .milliseconds(300)

    // MARK: - Debounce and duplicates

    func test_typing_searchesNothingBeforeThePause_andOnceAfterIt() async {
        let repository = MockUserRepository()
        repository.stubbedSearchPages[1] = UserFixtures.page(1, of: 1, ids: 1...3)
        let (sut, scheduler) = makeSUT(repository: repository)

        sut.query = "a"
        scheduler.advance(by: .milliseconds(100))
        sut.query = "ad"
        scheduler.advance(by: .milliseconds(100))
        sut.query = "ada"
        scheduler.advance(by: .milliseconds(299))

        XCTAssertFalse(sut.isSearching, "nothing searched 299 ms after the last keystroke")
        XCTAssertTrue(sut.isQueryEmpty)
        let changes = await resultChanges(of: sut, count: 1) { scheduler.advance(by: .milliseconds(1)) }

        XCTAssertEqual(changes, [.reset(count: 3)])
        XCTAssertEqual(repository.searchedQueries, ["ada"])
        XCTAssertEqual(repository.requestedSearchPages, [1])
        XCTAssertEqual(sut.results.map(\.id), [1, 2, 3])
        XCTAssertEqual(sut.count, 3)
        XCTAssertFalse(sut.isSearching)
        XCTAssertFalse(sut.isQueryEmpty)
        XCTAssertFalse(sut.hasMorePages)
    }

    func test_search_startsAsSoonAsTheDebounceIntervalHasPassed() async {
        let repository = MockUserRepository()
        repository.stubbedSearchPages[1] = UserFixtures.page(1, of: 1, ids: 1...1)
        let (sut, scheduler) = makeSUT(repository: repository)
        sut.query = "ada"

        scheduler.advance(by: .milliseconds(300))

        XCTAssertTrue(sut.isSearching)
        XCTAssertFalse(sut.isQueryEmpty)
        await resultChanges(of: sut, count: 1) {}
    }

    func test_theQuery_isTrimmedBeforeItIsSearched() async {
        let repository = MockUserRepository()
        repository.stubbedSearchPages[1] = UserFixtures.page(1, of: 1, ids: 1...1)
        let (sut, scheduler) = makeSUT(repository: repository)

        await search(sut, for: "  ada \n", on: scheduler)

        XCTAssertEqual(repository.searchedQueries, ["ada"])
    }

    func test_theSameQueryAfterTrimming_isSearchedOnce() async {
        let repository = MockUserRepository()
        repository.stubbedSearchPages[1] = UserFixtures.page(1, of: 1, ids: 1...2)
        let (sut, scheduler) = makeSUT(repository: repository)
        await search(sut, for: "ada", on: scheduler)

        sut.query = "ada "
        scheduler.advance(by: debounce)

        XCTAssertFalse(sut.isSearching, "no second search started")
        XCTAssertEqual(repository.searchedQueries, ["ada"])
        XCTAssertEqual(sut.results.map(\.id), [1, 2])
    }

    // MARK: - Superseded searches

    func test_aNewerQuery_cancelsTheSearchInFlight_andItsResultNeverLands() async {
        let repository = ControllableUserRepository()
        let (sut, scheduler) = makeSUT(repository: repository)
        sut.query = "ada"
        scheduler.advance(by: debounce)
        await waitForSearchUsersCalls(1, on: repository)

        sut.query = "adam"
        scheduler.advance(by: debounce)
        await waitForSearchUsersCalls(2, on: repository)

        XCTAssertEqual(repository.searchUsersCalls.map(\.argument.query), ["ada", "adam"])
        XCTAssertTrue(repository.searchUsersCalls[0].isCancelled, "the superseded call was cancelled")
        XCTAssertFalse(repository.searchUsersCalls[1].isCancelled)
        // The repository ignores cancellation and answers the stale call first: calls resumed
        // in order are handled in order, so the stale result would arrive before the fresh one.
        let changes = await resultChanges(of: sut, count: 1) {
            repository.searchUsersCalls[0].resume(returning: UserFixtures.page(1, of: 9, ids: 900...909))
            repository.searchUsersCalls[1].resume(returning: UserFixtures.page(1, of: 1, ids: 1...2))
        }

        XCTAssertEqual(changes, [.reset(count: 2)])
        XCTAssertEqual(sut.results.map(\.id), [1, 2])
        XCTAssertFalse(sut.hasMorePages, "the stale page did not promise more pages")
        XCTAssertFalse(sut.isSearching)
    }

    func test_aNewerQuery_dropsAStaleFailure() async {
        let repository = ControllableUserRepository()
        let (sut, scheduler) = makeSUT(repository: repository)
        sut.query = "ada"
        scheduler.advance(by: debounce)
        await waitForSearchUsersCalls(1, on: repository)
        sut.query = "adam"
        scheduler.advance(by: debounce)
        await waitForSearchUsersCalls(2, on: repository)

        await resultChanges(of: sut, count: 1) {
            repository.searchUsersCalls[0].resume(throwing: UserRepositoryStubError())
            repository.searchUsersCalls[1].resume(returning: UserFixtures.page(1, of: 1, ids: 1...2))
        }

        XCTAssertNil(sut.errorMessage)
    }

    // MARK: - Empty query

    func test_initially_theQueryIsEmpty_andNothingIsSearched() async {
        let repository = MockUserRepository()
        let (sut, scheduler) = makeSUT(repository: repository)

        scheduler.advance(by: .seconds(1))

        XCTAssertTrue(sut.isQueryEmpty)
        XCTAssertFalse(sut.isSearching)
        XCTAssertFalse(sut.hasMorePages)
        XCTAssertEqual(sut.count, 0)
        XCTAssertEqual(repository.searchUsersCallCount, 0)
    }

    func test_emptyingTheQuery_clearsTheResults_andShowsTheEmptyState_withoutSearching() async {
        let repository = MockUserRepository()
        repository.stubbedSearchPages[1] = UserFixtures.page(1, of: 2, ids: 1...3)
        let (sut, scheduler) = makeSUT(repository: repository)
        await search(sut, for: "ada", on: scheduler)
        var changes: [ListChange] = []
        let token = sut.resultChanges.sink { changes.append($0) }

        sut.query = "   "
        scheduler.advance(by: debounce)

        XCTAssertEqual(changes, [.reset(count: 0)])
        XCTAssertTrue(sut.isQueryEmpty)
        XCTAssertEqual(sut.count, 0)
        XCTAssertFalse(sut.hasMorePages)
        XCTAssertFalse(sut.isSearching)
        XCTAssertEqual(repository.searchUsersCallCount, 1)
        token.cancel()
    }

    func test_emptyingTheQuery_whileSearching_cancelsTheSearch() async {
        let repository = ControllableUserRepository()
        let (sut, scheduler) = makeSUT(repository: repository)
        sut.query = "ada"
        scheduler.advance(by: debounce)
        await waitForSearchUsersCalls(1, on: repository)

        sut.query = ""
        scheduler.advance(by: debounce)

        XCTAssertTrue(repository.searchUsersCalls[0].isCancelled)
        XCTAssertTrue(sut.isQueryEmpty)
        XCTAssertFalse(sut.isSearching)
        // The stale answer is handled before the next search's, and must not land.
        sut.query = "bob"
        scheduler.advance(by: debounce)
        await waitForSearchUsersCalls(2, on: repository)
        let changes = await resultChanges(of: sut, count: 1) {
            repository.searchUsersCalls[0].resume(returning: UserFixtures.page(1, of: 1, ids: 900...909))
            repository.searchUsersCalls[1].resume(returning: UserFixtures.page(1, of: 1, ids: 1...1))
        }
        XCTAssertEqual(changes, [.reset(count: 1)])
        XCTAssertEqual(sut.results.map(\.id), [1])
    }

    // MARK: - Paging

    func test_didDisplayRow_nearTheEnd_appendsTheNextPageWithAnInsert() async {
        let repository = MockUserRepository()
        repository.stubbedSearchPages[1] = UserFixtures.page(1, of: 2, ids: 1...5)
        repository.stubbedSearchPages[2] = UserFixtures.page(2, of: 2, ids: 6...8)
        let (sut, scheduler) = makeSUT(repository: repository)
        var mirror: [User] = []
        let token = sut.resultChanges.sink { [unowned sut] change in change.apply(to: &mirror, from: sut.results) }
        await search(sut, for: "ada", on: scheduler)
        XCTAssertTrue(sut.hasMorePages)

        sut.didDisplayRow(at: 1)
        XCTAssertEqual(repository.requestedSearchPages, [1], "row 1 of 5 is not among the last 3")
        let changes = await resultChanges(of: sut, count: 1) { sut.didDisplayRow(at: 2) }

        XCTAssertEqual(changes, [.insert(5..<8)])
        XCTAssertEqual(sut.results.map(\.id), Array(1...8))
        XCTAssertEqual(repository.searchedQueries, ["ada", "ada"])
        XCTAssertEqual(repository.requestedSearchPages, [1, 2])
        XCTAssertFalse(sut.hasMorePages)
        XCTAssertEqual(mirror, sut.results)

        sut.didDisplayRow(at: 7)
        XCTAssertEqual(repository.requestedSearchPages, [1, 2], "no page after the last")
        token.cancel()
    }

    func test_didDisplayRow_whileAPageLoads_neverRequestsItTwice() async {
        let repository = ControllableUserRepository()
        let (sut, scheduler) = makeSUT(repository: repository)
        sut.query = "ada"
        scheduler.advance(by: debounce)
        await waitForSearchUsersCalls(1, on: repository)
        await resultChanges(of: sut, count: 1) {
            repository.searchUsersCalls[0].resume(returning: UserFixtures.page(1, of: 3, ids: 1...5))
        }

        sut.didDisplayRow(at: 3)
        sut.didDisplayRow(at: 4)
        await waitForSearchUsersCalls(2, on: repository)

        XCTAssertEqual(
            repository.searchUsersCalls.map(\.argument),
            [
                .init(query: "ada", page: 1), .init(query: "ada", page: 2),
            ])
        XCTAssertTrue(sut.isSearching)
        await resultChanges(of: sut, count: 1) {
            repository.searchUsersCalls[1].resume(returning: UserFixtures.page(2, of: 3, ids: 6...10))
        }
        XCTAssertEqual(sut.count, 10)
    }

    func test_aNewQuery_replacesThePagedResultsWithAReset() async {
        let repository = MockUserRepository()
        repository.stubbedSearchPages[1] = UserFixtures.page(1, of: 2, ids: 1...3)
        repository.stubbedSearchPages[2] = UserFixtures.page(2, of: 2, ids: 4...6)
        let (sut, scheduler) = makeSUT(repository: repository)
        await search(sut, for: "ada", on: scheduler)
        await resultChanges(of: sut, count: 1) { sut.didDisplayRow(at: 2) }
        repository.stubbedSearchPages[1] = UserFixtures.page(1, of: 1, ids: 41...42)

        let changes = await search(sut, for: "bob", on: scheduler)

        XCTAssertEqual(changes, [.reset(count: 2)])
        XCTAssertEqual(sut.results.map(\.id), [41, 42])
        XCTAssertEqual(repository.searchedQueries, ["ada", "ada", "bob"])
    }

    // MARK: - Errors

    func test_aFailedSearch_showsTheErrorsSentence_andKeepsTheOldResults() async {
        let repository = MockUserRepository()
        repository.stubbedSearchPages[1] = UserFixtures.page(1, of: 1, ids: 1...3)
        let (sut, scheduler) = makeSUT(repository: repository)
        await search(sut, for: "ada", on: scheduler)
        repository.stubbedSearchUsersError = DomainError.unavailable(reason: "offline")

        let messages = await errorMessages(of: sut, count: 1) {
            sut.query = "bob"
            scheduler.advance(by: debounce)
        }

        XCTAssertEqual(messages, ["The service is unavailable: offline."])
        XCTAssertEqual(sut.results.map(\.id), [1, 2, 3])
        XCTAssertFalse(sut.isSearching)
    }

    func test_dismissError_clearsTheMessage() async {
        let repository = MockUserRepository()
        repository.stubbedSearchUsersError = UserRepositoryStubError(message: "Offline.")
        let (sut, scheduler) = makeSUT(repository: repository)
        await errorMessages(of: sut, count: 1) {
            sut.query = "ada"
            scheduler.advance(by: debounce)
        }

        sut.dismissError()

        XCTAssertNil(sut.errorMessage)
    }

    func test_aFailedNextPage_isRetriedOnlyAfterTheErrorWasDismissed() async {
        let repository = MockUserRepository()
        repository.stubbedSearchPages[1] = UserFixtures.page(1, of: 2, ids: 1...3)
        let (sut, scheduler) = makeSUT(repository: repository)
        await search(sut, for: "ada", on: scheduler)

        let messages = await errorMessages(of: sut, count: 1) { sut.didDisplayRow(at: 2) }
        sut.didDisplayRow(at: 2)

        XCTAssertEqual(messages, ["No search page 2."])
        XCTAssertEqual(sut.results.map(\.id), [1, 2, 3])
        XCTAssertEqual(repository.requestedSearchPages, [1, 2], "no retry while the error is shown")
        repository.stubbedSearchPages[2] = UserFixtures.page(2, of: 2, ids: 4...5)
        sut.dismissError()
        let changes = await resultChanges(of: sut, count: 1) { sut.didDisplayRow(at: 2) }
        XCTAssertEqual(changes, [.insert(3..<5)])
    }

    func test_aSuccessfulSearch_clearsAnEarlierError() async {
        let repository = MockUserRepository()
        repository.stubbedSearchUsersError = UserRepositoryStubError()
        let (sut, scheduler) = makeSUT(repository: repository)
        await errorMessages(of: sut, count: 1) {
            sut.query = "ada"
            scheduler.advance(by: debounce)
        }
        repository.stubbedSearchUsersError = nil
        repository.stubbedSearchPages[1] = UserFixtures.page(1, of: 1, ids: 1...1)

        await search(sut, for: "adam", on: scheduler)

        XCTAssertNil(sut.errorMessage)
    }

    // MARK: - Selection

    func test_didSelectRow_sendsTheSelectedUsersID() async {
        let repository = MockUserRepository()
        repository.stubbedSearchPages[1] = UserFixtures.page(1, of: 1, ids: 7...9)
        let (sut, scheduler) = makeSUT(repository: repository)
        await search(sut, for: "ada", on: scheduler)
        var received: [User.ID] = []
        let token = sut.userSelected.sink { received.append($0) }

        sut.didSelectRow(at: 1)
        sut.didSelectRow(at: 3)
        sut.didSelectRow(at: -1)

        XCTAssertEqual(received, [8])
        token.cancel()
    }

    // MARK: - Edits

    func test_replaceUser_updatesTheResultInPlaceAndSendsUpdate() async {
        let repository = MockUserRepository()
        repository.stubbedSearchPages[1] = UserFixtures.page(1, of: 1, ids: 1...3)
        let (sut, scheduler) = makeSUT(repository: repository)
        await search(sut, for: "user", on: scheduler)
        var changes: [ListChange] = []
        let token = sut.resultChanges.sink { changes.append($0) }

        sut.replaceUser(UserFixtures.user(id: 2, name: "Ada"))
        sut.replaceUser(UserFixtures.user(id: 99, name: "Nobody"))

        XCTAssertEqual(changes, [.update(1..<2)])
        XCTAssertEqual(sut.results.map(\.name), ["User 1", "Ada", "User 3"])
        token.cancel()
    }

    // MARK: - Lifetime

    func test_release_duringASearch_freesTheViewModelAndCancelsTheSearch() async {
        let repository = ControllableUserRepository()
        let scheduler = TestScheduler()
        var sut: UserSearchViewModel<TestScheduler>? = UserSearchViewModel(
            repository: repository, scheduler: scheduler, debounceInterval: debounce)
        weak let weakSUT = sut
        sut?.query = "ada"
        scheduler.advance(by: debounce)
        await waitForSearchUsersCalls(1, on: repository)

        sut = nil

        XCTAssertNil(weakSUT, "the pending search does not keep the ViewModel alive")
        XCTAssertTrue(repository.searchUsersCalls[0].isCancelled)
        repository.searchUsersCalls[0].resume(returning: UserFixtures.page(1, of: 1, ids: 1...2))
    }

    // MARK: - Helpers

    /// A search over `repository` on a fresh `TestScheduler`, checked for leaks when the test
    /// ends.
    private func makeSUT(
        repository: any UserRepository
    ) -> (UserSearchViewModel<TestScheduler>, TestScheduler) {
        let scheduler = TestScheduler()
        let sut = UserSearchViewModel(repository: repository, scheduler: scheduler, debounceInterval: debounce)
        trackForMemoryLeaks(sut)
        return (sut, scheduler)
    }

    /// Types `query`, lets the debounce interval pass and waits for the first page to land.
    @discardableResult
    private func search(
        _ sut: UserSearchViewModel<TestScheduler>, for query: String, on scheduler: TestScheduler
    ) async -> [ListChange] {
        await resultChanges(of: sut, count: 1) {
            sut.query = query
            scheduler.advance(by: debounce)
        }
    }

    /// Runs `action`, then waits for `count` result changes and returns them.
    @discardableResult
    private func resultChanges(
        of sut: UserSearchViewModel<TestScheduler>, count: Int, after action: () -> Void
    ) async -> [ListChange] {
        await values(of: sut.resultChanges, count: count, "result change(s)", after: action)
    }

    /// Runs `action`, then waits for `count` non-nil error messages.
    @discardableResult
    private func errorMessages(
        of sut: UserSearchViewModel<TestScheduler>, count: Int, after action: () -> Void
    ) async -> [String] {
        await values(of: sut.$errorMessage.dropFirst().compactMap { $0 }, count: count, "error message(s)", after: action)
    }
}
