// Seed 000's tests, verbatim except the import; fixtures and the fake repository follow.
import Foundation
import MVVMBinding
import SeedViewModels
import XCTest

@MainActor
final class UserListViewModelTests: XCTestCase {
    func test_onAppear_loadsAndPublishesUsers() async {
        let repo = FakeUserRepository(pages: [.fixture(users: [.fixture(name: "Ada")])])
        let sut = UserListViewModel(repository: repo)
        sut.onAppear()
        await waitFor(sut.$users, count: 2)   // initial empty + populated
        XCTAssertEqual(sut.users.map(\.name), ["Ada"])
    }
    func test_selectRow_emitsUserSelected() async {
        let id = UUID()
        let repo = FakeUserRepository(pages: [.fixture(users: [.fixture(id: id)])])
        let sut = UserListViewModel(repository: repo)
        sut.onAppear()
        await waitFor(sut.$users, count: 2)
        var received: User.ID?
        let token = sut.userSelected.sink { received = $0 }
        sut.didSelectRow(at: 0)
        token.cancel()
        XCTAssertEqual(received, id)
    }
}

func waitFor<T>(_ p: Published<T>.Publisher, count: Int, timeout: TimeInterval = 1) async {
    var seen = 0
    let cancellable = p.sink { _ in seen += 1 }
    let start = Date()
    while seen < count, Date().timeIntervalSince(start) < timeout {
        await Task.yield()
    }
    cancellable.cancel()
}
