import Foundation
import MVVMBinding
import MVVMDomain
import MVVMSeedsApp
import MVVMTestSupport
import XCTest

/// Every test is `async`: on Linux, XCTest's test discovery cannot call a synchronous
/// `@MainActor` test method (it traps casting it to a nonisolated one).
@MainActor
final class AppCoordinatorTests: XCTestCase {

    func test_start_pushesTheUserList() async {
        let (sut, _) = makeSUT()
        var events: [String] = []
        let token = sut.navigation.sink { events.append(Self.describe($0)) }

        sut.start()

        XCTAssertEqual(events, ["push userList"])
        XCTAssertEqual(sut.stack.count, 1)
        guard case .userList? = sut.stack.first else { return XCTFail("root is not the list") }
        token.cancel()
    }

    func test_start_twice_keepsOneRoot() async {
        let (sut, _) = makeSUT()
        sut.start()

        sut.start()

        XCTAssertEqual(sut.stack.count, 1)
    }

    func test_selectingAUser_pushesItsDetail() async throws {
        let (sut, _) = makeSUT()
        sut.start()
        let list = try XCTUnwrap(listViewModel(of: sut))
        await loadRows(of: list)
        let pushed = expectation(description: "detail pushed")
        var events: [String] = []
        let token = sut.navigation.sink { event in
            events.append(Self.describe(event))
            pushed.fulfill()
        }

        list.didSelectRow(at: 1)

        await fulfillment(of: [pushed], timeout: 1)
        XCTAssertEqual(events, ["push userDetail(2)"])
        XCTAssertEqual(detailViewModel(of: sut)?.userID, 2)
        XCTAssertEqual(sut.stack.count, 2)
        token.cancel()
    }

    func test_selectingAgainWhileTheDetailIsShown_isIgnored() async throws {
        let (sut, _) = makeSUT()
        sut.start()
        let list = try XCTUnwrap(listViewModel(of: sut))
        await loadRows(of: list)
        list.didSelectRow(at: 0)

        list.didSelectRow(at: 1)

        XCTAssertEqual(sut.stack.count, 2)
        XCTAssertEqual(detailViewModel(of: sut)?.userID, 1)
    }

    func test_flow_listToDetailToSave_updatesTheRowInPlaceAndPopsTheDetail() async throws {
        let (sut, repository) = makeSUT()
        sut.start()
        let list = try XCTUnwrap(listViewModel(of: sut))
        await loadRows(of: list)
        list.didSelectRow(at: 1)
        weak let weakDetail = detailViewModel(of: sut)
        await openDetail(of: sut)
        var rowChanges: [ListChange] = []
        let rowToken = list.rowChanges.sink { rowChanges.append($0) }
        let popped = expectation(description: "detail popped")
        var events: [String] = []
        let navigationToken = sut.navigation.sink { event in
            events.append(Self.describe(event))
            popped.fulfill()
        }

        detailViewModel(of: sut)?.draftName = "Grace Hopper"
        detailViewModel(of: sut)?.save()

        await fulfillment(of: [popped], timeout: 1)
        XCTAssertEqual(repository.updatedUsers.map(\.name), ["Grace Hopper"])
        XCTAssertEqual(rowChanges, [.update(1..<2)])
        XCTAssertEqual(list.users.map(\.name), ["User 1", "Grace Hopper", "User 3"])
        XCTAssertEqual(events, ["pop userDetail(2)"])
        XCTAssertEqual(sut.stack, [.userList(list)])
        XCTAssertNil(weakDetail, "the popped detail is freed")
        rowToken.cancel()
        navigationToken.cancel()
    }

    func test_back_popsTheDetailAndFreesIt() async throws {
        let (sut, _) = makeSUT()
        sut.start()
        let list = try XCTUnwrap(listViewModel(of: sut))
        await loadRows(of: list)
        list.didSelectRow(at: 0)
        weak let weakDetail = detailViewModel(of: sut)
        await openDetail(of: sut)
        var events: [String] = []
        let token = sut.navigation.sink { events.append(Self.describe($0)) }

        sut.back()

        XCTAssertEqual(events, ["pop userDetail(1)"])
        XCTAssertEqual(sut.stack, [.userList(list)])
        XCTAssertNil(weakDetail, "the popped detail is freed")
        token.cancel()
    }

    func test_back_onTheRoot_keepsTheList() async {
        let (sut, _) = makeSUT()
        sut.start()
        var events: [String] = []
        let token = sut.navigation.sink { events.append(Self.describe($0)) }

        sut.back()

        XCTAssertEqual(events, [])
        XCTAssertEqual(sut.stack.count, 1)
        token.cancel()
    }

    func test_afterBack_theListCanOpenAnotherDetail() async throws {
        let (sut, _) = makeSUT()
        sut.start()
        let list = try XCTUnwrap(listViewModel(of: sut))
        await loadRows(of: list)
        list.didSelectRow(at: 0)
        sut.back()

        list.didSelectRow(at: 2)

        XCTAssertEqual(detailViewModel(of: sut)?.userID, 3)
    }

    func test_saveAfterTheDetailWasClosed_doesNotPopTheList() async throws {
        let repository = ControllableUserRepository()
        let sut = AppCoordinator(repository: repository)
        trackForMemoryLeaks(sut)
        sut.start()
        let list = try XCTUnwrap(listViewModel(of: sut))
        list.onAppear()
        await waitForCalls(on: repository) { $0.fetchUsersCalls.count == 1 }
        let loaded = expectation(description: "rows loaded")
        let rowsToken = list.rowChanges.sink { _ in loaded.fulfill() }
        repository.fetchUsersCalls[0].resume(returning: UserFixtures.page(1, of: 1, ids: 1...3))
        await fulfillment(of: [loaded], timeout: 1)
        rowsToken.cancel()
        list.didSelectRow(at: 0)
        let detail = try XCTUnwrap(detailViewModel(of: sut))
        detail.onAppear()
        await waitForCalls(on: repository) { $0.fetchUserCalls.count == 1 }
        let userLoaded = expectation(description: "user loaded")
        let userToken = detail.$user.dropFirst().sink { _ in userLoaded.fulfill() }
        repository.fetchUserCalls[0].resume(returning: UserFixtures.user(id: 1))
        await fulfillment(of: [userLoaded], timeout: 1)
        userToken.cancel()
        detail.draftName = "Grace"
        detail.save()
        await waitForCalls(on: repository) { $0.updateCalls.count == 1 }

        sut.back()
        let saved = expectation(description: "save finished")
        let savedToken = detail.$isSaving.dropFirst().sink { _ in saved.fulfill() }
        repository.updateCalls[0].resume(returning: UserFixtures.user(id: 1, name: "Grace"))
        await fulfillment(of: [saved], timeout: 1)
        savedToken.cancel()

        XCTAssertEqual(sut.stack, [.userList(list)], "the list stays; nothing else pops")
    }

    func test_coordinator_isFreedWithItsScreens() async {
        var sut: AppCoordinator? = AppCoordinator(repository: MockUserRepository())
        weak let weakCoordinator = sut
        sut?.start()
        weak let weakList = sut.flatMap(listViewModel(of:))

        sut = nil

        XCTAssertNil(weakCoordinator)
        XCTAssertNil(weakList)
    }

    // MARK: - Search

    func test_showSearch_fromTheList_pushesTheSearch() async throws {
        let (sut, _) = makeSUT()
        sut.start()
        let list = try XCTUnwrap(listViewModel(of: sut))
        var events: [String] = []
        let token = sut.navigation.sink { events.append(Self.describe($0)) }

        sut.showSearch()

        XCTAssertEqual(events, ["push userSearch"])
        let search = try XCTUnwrap(searchViewModel(of: sut))
        XCTAssertEqual(sut.stack, [.userList(list), .userSearch(search)])
        XCTAssertTrue(search.isQueryEmpty)
        token.cancel()
    }

    func test_showSearch_unlessTheListIsOnTop_doesNothing() async throws {
        let (sut, _) = makeSUT()
        sut.showSearch()
        XCTAssertEqual(sut.stack, [], "not before start()")
        sut.start()
        sut.showSearch()

        sut.showSearch()
        XCTAssertEqual(sut.stack.count, 2, "not over the search")
        searchViewModel(of: sut)?.userSelected.send(1)
        sut.showSearch()

        XCTAssertEqual(sut.stack.count, 3, "not over the detail")
        XCTAssertEqual(detailViewModel(of: sut)?.userID, 1)
    }

    func test_selectingASearchResult_pushesItsDetail() async throws {
        let (sut, _) = makeSUT()
        sut.start()
        sut.showSearch()
        let search = try XCTUnwrap(searchViewModel(of: sut))
        var events: [String] = []
        let token = sut.navigation.sink { events.append(Self.describe($0)) }

        search.userSelected.send(2)

        XCTAssertEqual(events, ["push userDetail(2)"])
        XCTAssertEqual(detailViewModel(of: sut)?.userID, 2)
        XCTAssertEqual(sut.stack.count, 3)
        token.cancel()
    }

    func test_whileTheSearchIsShown_aSelectionOnTheCoveredList_isIgnored() async throws {
        let (sut, _) = makeSUT()
        sut.start()
        let list = try XCTUnwrap(listViewModel(of: sut))
        await loadRows(of: list)
        sut.showSearch()
        let search = try XCTUnwrap(searchViewModel(of: sut))

        list.didSelectRow(at: 0)

        XCTAssertEqual(sut.stack, [.userList(list), .userSearch(search)])
    }

    func test_flow_listToSearchToDetailToSave_updatesTheListRowAndPopsBackToTheSearch() async throws {
        let (sut, repository) = makeSUT()
        sut.start()
        let list = try XCTUnwrap(listViewModel(of: sut))
        await loadRows(of: list)
        sut.showSearch()
        let search = try XCTUnwrap(searchViewModel(of: sut))
        search.userSelected.send(2)
        weak let weakDetail = detailViewModel(of: sut)
        await openDetail(of: sut)
        var rowChanges: [ListChange] = []
        let rowToken = list.rowChanges.sink { rowChanges.append($0) }
        let popped = expectation(description: "detail popped")
        var events: [String] = []
        let navigationToken = sut.navigation.sink { event in
            events.append(Self.describe(event))
            popped.fulfill()
        }

        detailViewModel(of: sut)?.draftName = "Grace Hopper"
        detailViewModel(of: sut)?.save()

        await fulfillment(of: [popped], timeout: 1)
        XCTAssertEqual(repository.updatedUsers.map(\.name), ["Grace Hopper"])
        XCTAssertEqual(rowChanges, [.update(1..<2)])
        XCTAssertEqual(list.users.map(\.name), ["User 1", "Grace Hopper", "User 3"])
        XCTAssertEqual(events, ["pop userDetail(2)"])
        XCTAssertEqual(sut.stack, [.userList(list), .userSearch(search)])
        XCTAssertNil(weakDetail, "the popped detail is freed")
        rowToken.cancel()
        navigationToken.cancel()
    }

    func test_back_fromTheDetailThenTheSearch_popsOneScreenEachTime_andFreesThem() async throws {
        let (sut, _) = makeSUT()
        sut.start()
        let list = try XCTUnwrap(listViewModel(of: sut))
        sut.showSearch()
        weak let weakSearch = searchViewModel(of: sut)
        searchViewModel(of: sut)?.userSelected.send(3)
        weak let weakDetail = detailViewModel(of: sut)
        var events: [String] = []
        let token = sut.navigation.sink { events.append(Self.describe($0)) }

        sut.back()

        XCTAssertEqual(events, ["pop userDetail(3)"])
        XCTAssertNil(weakDetail, "the popped detail is freed")
        XCTAssertEqual(sut.stack.count, 2)
        XCTAssertNotNil(weakSearch)

        sut.back()

        XCTAssertEqual(events, ["pop userDetail(3)", "pop userSearch"])
        XCTAssertEqual(sut.stack, [.userList(list)])
        XCTAssertNil(weakSearch, "the popped search is freed")
        token.cancel()
    }

    func test_afterTheSearchWasClosed_theListCanOpenASearchAgain() async throws {
        let (sut, _) = makeSUT()
        sut.start()
        sut.showSearch()
        let first = try XCTUnwrap(searchViewModel(of: sut))
        sut.back()

        sut.showSearch()

        let second = try XCTUnwrap(searchViewModel(of: sut))
        XCTAssertFalse(first === second, "a fresh search each time")
        XCTAssertEqual(sut.stack.count, 2)
    }

    // MARK: - Ordering

    func test_aSelection_pushesTheDetailDuringItsDelivery_beforeLaterSubscribersHearIt() async throws {
        // Documents the order hosts see: the coordinator subscribed to `userSelected` first,
        // so its push (and the `.push` event) happens inside the list's `send`, before any
        // subscriber that joined later receives the selected id.
        let (sut, _) = makeSUT()
        sut.start()
        let list = try XCTUnwrap(listViewModel(of: sut))
        await loadRows(of: list)
        var order: [String] = []
        let navigationToken = sut.navigation.sink { order.append(Self.describe($0)) }
        let selectionToken = list.userSelected.sink { order.append("selected \($0)") }

        list.didSelectRow(at: 1)

        XCTAssertEqual(order, ["push userDetail(2)", "selected 2"])
        navigationToken.cancel()
        selectionToken.cancel()
    }

    // MARK: - Helpers

    private func makeSUT() -> (AppCoordinator, MockUserRepository) {
        let repository = MockUserRepository(pages: [UserFixtures.page(1, of: 1, ids: 1...3)])
        repository.stubbedUserForID = { UserFixtures.user(id: $0) }
        let sut = AppCoordinator(repository: repository)
        trackForMemoryLeaks(sut)
        return (sut, repository)
    }

    private func listViewModel(of sut: AppCoordinator) -> UserListViewModel? {
        guard case .userList(let list)? = sut.stack.first else { return nil }
        return list
    }

    private func searchViewModel(of sut: AppCoordinator) -> UserSearchViewModel<DispatchQueue>? {
        guard case .userSearch(let search)? = sut.stack.last else { return nil }
        return search
    }

    private func detailViewModel(of sut: AppCoordinator) -> UserDetailViewModel? {
        guard case .userDetail(let detail)? = sut.stack.last else { return nil }
        return detail
    }

    /// Shows the list as a host would (`onAppear`) and waits for its rows.
    private func loadRows(of list: UserListViewModel) async {
        let loaded = expectation(description: "rows loaded")
        let token = list.rowChanges.sink { _ in loaded.fulfill() }
        list.onAppear()
        await fulfillment(of: [loaded], timeout: 1)
        token.cancel()
    }

    /// Shows the top detail as a host would (`onAppear`) and waits for its user.
    private func openDetail(of sut: AppCoordinator) async {
        guard let detail = detailViewModel(of: sut) else { return XCTFail("no detail shown") }
        let loaded = expectation(description: "user loaded")
        let token = detail.$user.dropFirst().sink { _ in loaded.fulfill() }
        detail.onAppear()
        await fulfillment(of: [loaded], timeout: 1)
        token.cancel()
    }

    /// A navigation event as text, so recording events does not keep their ViewModels alive.
    private static func describe(_ event: NavigationEvent) -> String {
        switch event {
        case .push(let screen): return "push " + describe(screen)
        case .pop(let screen): return "pop " + describe(screen)
        }
    }

    private static func describe(_ screen: Screen) -> String {
        switch screen {
        case .userList: return "userList"
        case .userDetail(let detail): return "userDetail(\(detail.userID))"
        case .userSearch: return "userSearch"
        }
    }
}
