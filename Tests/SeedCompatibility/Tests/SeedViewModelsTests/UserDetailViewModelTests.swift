import MVVMBinding
import SeedViewModels
import XCTest

@MainActor
final class UserDetailViewModelTests: XCTestCase {
    func test_onAppear_loadsUserIntoDraft_andSavePublishesDidSave() async {
        let ada = User.fixture(name: "Ada")
        let sut = UserDetailViewModel(repository: FakeUserRepository(pages: [.fixture(users: [ada])]), id: ada.id)
        addTeardownBlock { [weak sut] in XCTAssertNil(sut) }

        let loaded = expectation(description: "draft filled")
        let draftToken = sut.$draftName.dropFirst().sink { _ in loaded.fulfill() }
        sut.onAppear()
        await fulfillment(of: [loaded], timeout: 2)
        draftToken.cancel()
        XCTAssertEqual(sut.draftName, "Ada")
        XCTAssertFalse(sut.canSave)

        sut.draftName = "Ada Lovelace"
        XCTAssertTrue(sut.isDirty)
        XCTAssertTrue(sut.canSave)

        let saved = expectation(description: "didSave")
        var savedUser: User?
        let saveToken = sut.didSave.sink { savedUser = $0; saved.fulfill() }
        sut.save()
        await fulfillment(of: [saved], timeout: 2)
        saveToken.cancel()
        XCTAssertEqual(savedUser?.name, "Ada Lovelace")
        XCTAssertFalse(sut.isDirty)
    }
}
