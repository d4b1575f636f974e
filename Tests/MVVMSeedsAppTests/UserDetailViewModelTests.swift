import MVVMBinding
import MVVMDomain
import MVVMSeedsApp
import MVVMTestSupport
import XCTest

/// Every test is `async`: on Linux, XCTest's test discovery cannot call a synchronous
/// `@MainActor` test method (it traps casting it to a nonisolated one).
@MainActor
final class UserDetailViewModelTests: XCTestCase {

    // MARK: - Load

    func test_onAppear_loadsTheUserAndStartsTheDraftFromItsName() async {
        let repository = MockUserRepository(user: UserFixtures.user(id: 5, name: "Ada"))
        let sut = makeSUT(repository: repository, id: 5)

        await loaded(sut)

        XCTAssertEqual(sut.user, UserFixtures.user(id: 5, name: "Ada"))
        XCTAssertEqual(sut.draftName, "Ada")
        XCTAssertEqual(repository.requestedUserIDs, [5])
        XCTAssertFalse(sut.isLoading)
        XCTAssertFalse(sut.isDirty)
        XCTAssertFalse(sut.canSave)
        XCTAssertNil(sut.validationMessage)
    }

    func test_onAppear_publishesLoadingThenDone() async {
        let repository = MockUserRepository(user: UserFixtures.user(id: 5))
        let sut = makeSUT(repository: repository, id: 5)
        let done = expectation(description: "loading then done")
        done.expectedFulfillmentCount = 2
        var states: [Bool] = []
        let token = sut.$isLoading.dropFirst().sink { isLoading in
            states.append(isLoading)
            done.fulfill()
        }

        sut.onAppear()

        await fulfillment(of: [done], timeout: 1)
        XCTAssertEqual(states, [true, false])
        token.cancel()
    }

    func test_onAppear_loadsOnlyOnce() async {
        let repository = MockUserRepository(user: UserFixtures.user(id: 5))
        let sut = makeSUT(repository: repository, id: 5)
        sut.onAppear()
        sut.onAppear()
        await loaded(sut)

        sut.onAppear()

        XCTAssertEqual(repository.fetchUserCallCount, 1)
    }

    func test_onAppear_whenTheRepositoryFails_showsTheMessageAndCanRetry() async {
        let repository = MockUserRepository()
        repository.stubbedFetchUserError = UserRepositoryStubError(message: "Not found.")
        let sut = makeSUT(repository: repository, id: 5)
        let failed = expectation(description: "error shown")
        let token = sut.$errorMessage.dropFirst().sink { _ in failed.fulfill() }

        sut.onAppear()

        await fulfillment(of: [failed], timeout: 1)
        token.cancel()
        XCTAssertEqual(sut.errorMessage, "Not found.")
        XCTAssertNil(sut.user)
        XCTAssertFalse(sut.isLoading)
        XCTAssertFalse(sut.canSave)

        repository.stubbedFetchUserError = nil
        repository.stubbedUser = UserFixtures.user(id: 5)
        await loaded(sut)
        XCTAssertEqual(repository.fetchUserCallCount, 2)
    }

    // MARK: - Draft, dirty state and validation

    func test_editingTheDraft_makesItDirtyAndPublishesCanSave() async {
        let sut = await makeLoadedSUT(name: "Ada")
        let enabled = expectation(description: "canSave published")
        var published: [Bool] = []
        let token = sut.$canSave.dropFirst().sink { canSave in
            published.append(canSave)
            enabled.fulfill()
        }

        sut.draftName = "Ada Lovelace"

        await fulfillment(of: [enabled], timeout: 1)
        XCTAssertEqual(published, [true])
        XCTAssertTrue(sut.isDirty)
        XCTAssertTrue(sut.canSave)
        token.cancel()
    }

    func test_draftEqualToTheNameAfterTrimming_isNotDirty() async {
        let sut = await makeLoadedSUT(name: "Ada")

        sut.draftName = "  Ada \n"

        XCTAssertFalse(sut.isDirty)
        XCTAssertFalse(sut.canSave)
        XCTAssertNil(sut.validationMessage)
    }

    func test_invalidDrafts_publishAValidationMessageAndCannotBeSaved() async {
        let sut = await makeLoadedSUT(name: "Ada")
        let invalid = [
            "",
            "   \t ",
            String(repeating: "a", count: UserNameValidator.defaultMaximumLength + 1),
            "Ada\u{7}",
            "Ada\nLovelace",
        ]
        for draft in invalid {
            sut.draftName = draft
            XCTAssertNotNil(sut.validationMessage, "\(draft.debugDescription) should be refused")
            XCTAssertFalse(sut.canSave, "\(draft.debugDescription) should not be saveable")
        }

        sut.draftName = "Grace"

        XCTAssertNil(sut.validationMessage)
        XCTAssertTrue(sut.canSave)
    }

    func test_validationMessage_isPublishedAsTheDraftChanges() async {
        let sut = await makeLoadedSUT(name: "Ada")
        let published = expectation(description: "validation message published")
        published.expectedFulfillmentCount = 2
        var messages: [String?] = []
        let token = sut.$validationMessage.dropFirst().sink { message in
            messages.append(message)
            published.fulfill()
        }

        sut.draftName = " "
        sut.draftName = "Grace"

        await fulfillment(of: [published], timeout: 1)
        XCTAssertEqual(messages, [UserNameValidator.Failure.empty.message, nil])
        token.cancel()
    }

    func test_beforeLoading_nothingCanBeSavedAndNothingIsReported() async {
        let repository = MockUserRepository()
        let sut = makeSUT(repository: repository, id: 5)

        sut.draftName = "Grace"
        sut.save()

        XCTAssertFalse(sut.isDirty)
        XCTAssertFalse(sut.canSave)
        XCTAssertNil(sut.validationMessage)
        XCTAssertNil(sut.errorMessage)
        XCTAssertEqual(repository.updateCallCount, 0)
    }

    // MARK: - Save

    func test_save_storesTheTrimmedDraftAndSendsDidSave() async {
        let repository = MockUserRepository(user: UserFixtures.user(id: 5, name: "Ada"))
        let sut = makeSUT(repository: repository, id: 5)
        await loaded(sut)
        sut.draftName = "  Ada Lovelace "
        let saved = expectation(description: "didSave")
        var received: [User] = []
        let token = sut.didSave.sink { user in
            received.append(user)
            saved.fulfill()
        }

        sut.save()

        await fulfillment(of: [saved], timeout: 1)
        let expected = UserFixtures.user(id: 5, name: "Ada Lovelace")
        XCTAssertEqual(repository.updatedUsers, [expected])
        XCTAssertEqual(received, [expected])
        XCTAssertEqual(sut.user, expected)
        XCTAssertEqual(sut.draftName, "Ada Lovelace")
        XCTAssertFalse(sut.isSaving)
        XCTAssertFalse(sut.isDirty)
        XCTAssertFalse(sut.canSave)
        token.cancel()
    }

    func test_save_showsSavingWhileTheRepositoryWorks() async {
        let repository = MockUserRepository(user: UserFixtures.user(id: 5, name: "Ada"))
        let sut = makeSUT(repository: repository, id: 5)
        await loaded(sut)
        sut.draftName = "Grace"
        let finished = expectation(description: "saving then saved")
        finished.expectedFulfillmentCount = 2
        var states: [Bool] = []
        let token = sut.$isSaving.dropFirst().sink { isSaving in
            states.append(isSaving)
            finished.fulfill()
        }

        sut.save()
        XCTAssertFalse(sut.canSave, "no second save while one runs")

        await fulfillment(of: [finished], timeout: 1)
        XCTAssertEqual(states, [true, false])
        token.cancel()
    }

    func test_save_whileSaving_isIgnored() async {
        let repository = ControllableUserRepository()
        let sut = makeSUT(repository: repository, id: 5)
        sut.onAppear()
        await waitForCalls(on: repository) { $0.fetchUserCalls.count == 1 }
        await changes(of: sut.$user) {
            repository.fetchUserCalls[0].resume(returning: UserFixtures.user(id: 5, name: "Ada"))
        }
        sut.draftName = "Grace"

        sut.save()
        sut.save()
        await waitForCalls(on: repository) { $0.updateCalls.count == 1 }

        XCTAssertTrue(sut.isSaving)
        XCTAssertEqual(repository.updateCalls.count, 1)
        await changes(of: sut.$isSaving) {
            repository.updateCalls[0].resume(returning: UserFixtures.user(id: 5, name: "Grace"))
        }
        XCTAssertEqual(repository.updateCalls.count, 1)
        XCTAssertEqual(sut.user?.name, "Grace")
    }

    func test_save_whenTheRepositoryFails_keepsTheDraftAndShowsTheMessage() async {
        let repository = MockUserRepository(user: UserFixtures.user(id: 5, name: "Ada"))
        repository.stubbedUpdateError = UserRepositoryStubError(message: "Disk full.")
        let sut = makeSUT(repository: repository, id: 5)
        await loaded(sut)
        sut.draftName = "Grace"
        var saves = 0
        let token = sut.didSave.sink { _ in saves += 1 }

        let failed = expectation(description: "error shown")
        let errorToken = sut.$errorMessage.compactMap { $0 }.sink { _ in failed.fulfill() }
        sut.save()
        await fulfillment(of: [failed], timeout: 1)
        errorToken.cancel()

        XCTAssertEqual(sut.errorMessage, "Disk full.")
        XCTAssertEqual(sut.draftName, "Grace")
        XCTAssertEqual(sut.user?.name, "Ada")
        XCTAssertFalse(sut.isSaving)
        XCTAssertTrue(sut.isDirty)
        XCTAssertTrue(sut.canSave, "the user may try again")
        XCTAssertEqual(saves, 0)
        token.cancel()
    }

    func test_save_ofAnInvalidDraft_isRefusedWithoutCallingTheRepository() async {
        let repository = MockUserRepository(user: UserFixtures.user(id: 5, name: "Ada"))
        let sut = makeSUT(repository: repository, id: 5)
        await loaded(sut)
        sut.draftName = "   "

        sut.save()

        XCTAssertEqual(sut.errorMessage, UserNameValidator.Failure.empty.message)
        XCTAssertEqual(repository.updateCallCount, 0)
        XCTAssertFalse(sut.isSaving)
        XCTAssertEqual(sut.draftName, "   ")
    }

    func test_save_ofAnUnchangedDraft_doesNothing() async {
        let repository = MockUserRepository(user: UserFixtures.user(id: 5, name: "Ada"))
        let sut = makeSUT(repository: repository, id: 5)
        await loaded(sut)

        sut.save()

        XCTAssertEqual(repository.updateCallCount, 0)
        XCTAssertFalse(sut.isSaving)
        XCTAssertNil(sut.errorMessage)
    }

    func test_save_clearsAnEarlierError() async {
        let repository = MockUserRepository(user: UserFixtures.user(id: 5, name: "Ada"))
        let sut = makeSUT(repository: repository, id: 5)
        await loaded(sut)
        sut.draftName = ""
        sut.save()
        XCTAssertNotNil(sut.errorMessage)

        sut.draftName = "Grace"
        sut.save()

        XCTAssertNil(sut.errorMessage)
        await changes(of: sut.$isSaving) {}
    }

    // MARK: - When errorMessage clears

    func test_aRefusal_clearsAsSoonAsTheDraftChanges() async {
        let sut = await makeLoadedSUT(name: "Ada")
        sut.draftName = ""
        sut.save()
        XCTAssertEqual(sut.errorMessage, UserNameValidator.Failure.empty.message)
        var published: [String?] = []
        let token = sut.$errorMessage.dropFirst().sink { published.append($0) }

        sut.draftName = "G"

        XCTAssertNil(sut.errorMessage, "the refusal was about the previous draft")
        XCTAssertEqual(published, [nil])
        sut.draftName = "Gr"
        XCTAssertEqual(published, [nil], "nothing more to clear")
        token.cancel()
    }

    func test_aRefusal_clearsEvenWhenTheNewDraftIsStillInvalid_theValidationMessageSaysWhy() async {
        let sut = await makeLoadedSUT(name: "Ada")
        sut.draftName = ""
        sut.save()

        sut.draftName = "   "

        XCTAssertNil(sut.errorMessage)
        XCTAssertEqual(sut.validationMessage, UserNameValidator.Failure.empty.message)
    }

    func test_aMessageSetAfterARefusal_isNotClearedByEditing() async {
        let sut = await makeLoadedSUT(name: "Ada")
        sut.draftName = ""
        sut.save()

        sut.errorMessage = "Set by the host."
        sut.draftName = "Grace"

        XCTAssertEqual(sut.errorMessage, "Set by the host.")
    }

    func test_aFailedSave_keepsItsMessageWhileTheDraftIsEdited_untilTheNextSaveAttempt() async {
        let repository = MockUserRepository(user: UserFixtures.user(id: 5, name: "Ada"))
        repository.stubbedUpdateError = UserRepositoryStubError(message: "Disk full.")
        let sut = makeSUT(repository: repository, id: 5)
        await loaded(sut)
        sut.draftName = "Grace"
        let failed = expectation(description: "error shown")
        let errorToken = sut.$errorMessage.compactMap { $0 }.sink { _ in failed.fulfill() }
        sut.save()
        await fulfillment(of: [failed], timeout: 1)
        errorToken.cancel()

        sut.draftName = "Grace Hopper"

        XCTAssertEqual(sut.errorMessage, "Disk full.", "a repository failure is about the attempt, not the draft")
        repository.stubbedUpdateError = nil
        sut.save()
        XCTAssertNil(sut.errorMessage, "the next attempt clears it")
        await changes(of: sut.$isSaving) {}
    }

    func test_aFailedLoad_keepsItsMessageWhileTheDraftIsEdited() async {
        let repository = MockUserRepository()
        repository.stubbedFetchUserError = UserRepositoryStubError(message: "Not found.")
        let sut = makeSUT(repository: repository, id: 5)
        await changes(of: sut.$errorMessage) { sut.onAppear() }

        sut.draftName = "Grace"

        XCTAssertEqual(sut.errorMessage, "Not found.")
    }

    func test_release_duringALoad_freesTheViewModelAndCancelsTheLoad() async {
        let repository = ControllableUserRepository()
        var sut: UserDetailViewModel? = UserDetailViewModel(repository: repository, id: 5)
        weak let weakSUT = sut
        sut?.onAppear()
        await waitForCalls(on: repository) { $0.fetchUserCalls.count == 1 }

        sut = nil

        XCTAssertNil(weakSUT)
        XCTAssertTrue(repository.fetchUserCalls[0].isCancelled)
        repository.fetchUserCalls[0].resume(returning: UserFixtures.user(id: 5))
    }

    // MARK: - Helpers

    private func makeSUT(repository: any UserRepository, id: User.ID) -> UserDetailViewModel {
        let sut = UserDetailViewModel(repository: repository, id: id)
        trackForMemoryLeaks(sut)
        return sut
    }

    private func makeLoadedSUT(name: String) async -> UserDetailViewModel {
        let repository = MockUserRepository(user: UserFixtures.user(id: 5, name: name))
        let sut = makeSUT(repository: repository, id: 5)
        await loaded(sut)
        return sut
    }

    /// Calls `onAppear()` and waits until the user is set.
    private func loaded(_ sut: UserDetailViewModel) async {
        await changes(of: sut.$user) { sut.onAppear() }
        XCTAssertNotNil(sut.user)
    }

    /// Runs `action`, then waits for the next value of `publisher` (its current one dropped).
    private func changes<Value>(of publisher: Published<Value>.Publisher, after action: () -> Void) async {
        await values(of: publisher.dropFirst(), count: 1, "new value", after: action)
    }
}
