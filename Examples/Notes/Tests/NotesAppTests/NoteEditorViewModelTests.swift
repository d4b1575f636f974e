import MVVMBindingCore
import MVVMTestSupport
import XCTest

@testable import NotesApp

/// Load, draft, dirty, validation, save and its event of `NoteEditorViewModel`, with an
/// injected clock. The repository answers through main-actor tasks: a test waits for what the
/// editor publishes (`loaded`, `saved`, `errorMessages`), never for time.
@MainActor
final class NoteEditorViewModelTests: XCTestCase {
    private var subscriptions: [AnyCancellable] = []
    private let stored = Note(id: 7, title: "Groceries", body: "milk", updatedAt: 10)

    private func makeSUT(_ repository: any NotesRepository, noteID: Note.ID?) -> NoteEditorViewModel {
        trackForMemoryLeaks(NoteEditorViewModel(repository: repository, noteID: noteID, now: { 1_000 }))
    }

    /// An editor of the stored note `noteID`, loaded.
    private func makeLoadedSUT(_ repository: any NotesRepository, noteID: Note.ID) async -> NoteEditorViewModel {
        let sut = makeSUT(repository, noteID: noteID)
        await loaded(sut)
        return sut
    }

    // MARK: - Load

    func test_anEditorOfAStoredNote_loadsIt_thenStartsWithItsTitleAndBody_clean() async {
        let sut = makeSUT(InMemoryNotesRepository(notes: [stored]), noteID: 7)
        XCTAssertTrue(sut.isLoading)
        XCTAssertEqual(sut.note.id, 0, "no stored note before it arrives")
        XCTAssertFalse(sut.canSave)

        await loaded(sut)
        XCTAssertFalse(sut.isLoading)
        XCTAssertEqual(sut.note, stored)
        XCTAssertEqual(sut.draftTitle, "Groceries")
        XCTAssertEqual(sut.draftBody, "milk")
        XCTAssertFalse(sut.isDirty)
        XCTAssertFalse(sut.canSave)
        XCTAssertNil(sut.validationMessage)
        XCTAssertNil(sut.errorMessage)
    }

    func test_whileTheNoteLoads_nothingIsDirtyOrSaveable_andTheLoadReplacesTheDrafts() async {
        let repository = ControllableNotesRepository()
        let sut = makeSUT(repository, noteID: 7)
        sut.draftTitle = "typed too early"
        XCTAssertFalse(sut.isDirty)
        XCTAssertFalse(sut.canSave)
        XCTAssertEqual(sut.draftState, .unchanged)
        sut.save()
        await waitForAllNotesCalls(1, on: repository)

        await loaded(sut) { repository.allNotesCalls[0].answer([self.stored]) }
        XCTAssertEqual(sut.draftTitle, "Groceries")
        XCTAssertFalse(sut.isDirty)
        XCTAssertTrue(repository.saveCalls.isEmpty, "nothing was saved before the note arrived")
    }

    func test_anEditorOfAMissingNote_saysSo_andCannotSave() async {
        let sut = makeSUT(InMemoryNotesRepository(), noteID: 9)
        let messages = await errorMessages(of: sut, count: 1) {}
        XCTAssertEqual(messages, ["There is no note 9 (it was deleted)."])
        XCTAssertFalse(sut.isLoading)
        sut.draftTitle = "Recovered"
        XCTAssertFalse(sut.canSave)
    }

    func test_aLoadAHostsStoreFails_showsTheFailuresText() async {
        let repository = FailingNotesRepository(notes: [stored])
        repository.failsReads = true
        repository.error = HostStoreFailure()
        let sut = makeSUT(repository, noteID: 7)
        let messages = await errorMessages(of: sut, count: 1) {}
        XCTAssertEqual(messages, ["The host's store is offline."])
        XCTAssertFalse(sut.canSave)
    }

    func test_closingTheEditorMidLoad_freesIt_andCancelsTheLoad() async {
        let repository = ControllableNotesRepository()
        var sut: NoteEditorViewModel? = NoteEditorViewModel(repository: repository, noteID: 7, now: { 1_000 })
        weak let weakSUT = sut
        await waitForAllNotesCalls(1, on: repository)

        sut = nil
        XCTAssertNil(weakSUT, "the load in flight holds no strong reference")
        XCTAssertTrue(repository.allNotesCalls[0].isCancelled)
        repository.allNotesCalls[0].answer([stored])  // harmless
        await runQueuedMainActorJobs()
    }

    // MARK: - Draft, dirty state and validation

    func test_theDraftState_isUnchangedThenInvalidWithoutATitleThenReady_andUnchangedAfterTheSave() async {
        let sut = makeSUT(InMemoryNotesRepository(), noteID: nil)
        var states: [DraftState] = []
        sut.$draftState.sink { states.append($0) }.store(in: &subscriptions)
        sut.draftBody = "no title yet"
        sut.draftTitle = "Groceries"
        await saved(sut, count: 1) { sut.save() }
        XCTAssertEqual(states, [.unchanged, .invalid, .ready, .unchanged])
    }

    func test_editingTheBody_makesTheDraftDirtyAndSaveable_andUndoingItCleanAgain() async {
        let sut = await makeLoadedSUT(InMemoryNotesRepository(notes: [stored]), noteID: 7)
        sut.draftBody = "milk, eggs"
        XCTAssertTrue(sut.isDirty)
        XCTAssertTrue(sut.canSave)
        sut.draftBody = "milk"
        XCTAssertFalse(sut.isDirty)
        XCTAssertFalse(sut.canSave)
    }

    func test_aTitleThatDiffersOnlyBySurroundingSpace_isNotAnEdit() async {
        let sut = await makeLoadedSUT(InMemoryNotesRepository(notes: [stored]), noteID: 7)
        sut.draftTitle = "  Groceries "
        XCTAssertFalse(sut.isDirty)
    }

    func test_anEmptyOrTooLongTitle_cannotBeSaved_andSaysWhy() async {
        let sut = await makeLoadedSUT(InMemoryNotesRepository(notes: [stored]), noteID: 7)
        sut.draftTitle = "   "
        XCTAssertEqual(sut.validationMessage, "A note needs a title.")
        XCTAssertFalse(sut.canSave)
        sut.draftTitle = String(repeating: "x", count: 201)
        XCTAssertEqual(sut.validationMessage, "A title has at most 200 characters (this one has 201).")
        XCTAssertFalse(sut.canSave)
        sut.draftTitle = String(repeating: "x", count: 200)
        XCTAssertNil(sut.validationMessage)
        XCTAssertTrue(sut.canSave)
    }

    func test_aNewNote_saysNothingBeforeItIsEdited() async {
        let sut = makeSUT(InMemoryNotesRepository(), noteID: nil)
        XCTAssertFalse(sut.isLoading, "a new note has nothing to load")
        XCTAssertNil(sut.validationMessage)
        XCTAssertFalse(sut.canSave)
        sut.draftBody = "text without a title"
        XCTAssertEqual(sut.validationMessage, "A note needs a title.")
    }

    // MARK: - Save

    func test_save_storesTheTrimmedTitleStampedWithTheClock_sendsDidSave_andIsCleanAfter() async throws {
        let repository = InMemoryNotesRepository()
        let sut = makeSUT(repository, noteID: nil)
        sut.draftTitle = " Ideas "
        sut.draftBody = "a notes app"
        let saved = await saved(sut, count: 1) { sut.save() }
        let expected = Note(id: 1, title: "Ideas", body: "a notes app", updatedAt: 1_000)
        XCTAssertEqual(saved, [expected])
        let all = try await repository.allNotes()
        XCTAssertEqual(all, [expected])
        XCTAssertEqual(sut.note, expected)
        XCTAssertEqual(sut.draftTitle, "Ideas")
        XCTAssertFalse(sut.isDirty)
        XCTAssertFalse(sut.canSave)
        XCTAssertFalse(sut.isSaving)
    }

    func test_saveOfAnInvalidDraft_storesNothing() async throws {
        let repository = InMemoryNotesRepository()
        let sut = makeSUT(repository, noteID: nil)
        sut.draftBody = "no title"
        sut.save()
        await runQueuedMainActorJobs()
        let all = try await repository.allNotes()
        XCTAssertEqual(all, [])
    }

    func test_aSaveInFlight_cannotBeRepeated_andTextTypedMeanwhileIsKept() async {
        let repository = ControllableNotesRepository()
        let sut = makeSUT(repository, noteID: nil)
        sut.draftTitle = "Ideas"
        sut.save()
        XCTAssertTrue(sut.isSaving)
        XCTAssertFalse(sut.canSave)
        XCTAssertEqual(sut.draftState, .ready)
        sut.save()
        await waitForSaveCalls(1, on: repository)
        sut.draftBody = "typed while saving"

        let saved = await saved(sut, count: 1) {
            var stored = repository.saveCalls[0].note
            stored.id = 1
            repository.saveCalls[0].call.answer(stored)
        }
        XCTAssertEqual(saved.map(\.body), [""])
        XCTAssertEqual(repository.saveCalls.count, 1, "the second save did nothing")
        XCTAssertFalse(sut.isSaving)
        XCTAssertEqual(sut.draftBody, "typed while saving")
        XCTAssertTrue(sut.isDirty)
        XCTAssertTrue(sut.canSave)
    }

    func test_aSaveTheStoreRefusesLater_keepsTheDraftAndSaysWhy_andTheNextSaveClearsTheMessage() async {
        let repository = FailingNotesRepository(notes: [stored])
        let sut = await makeLoadedSUT(repository, noteID: 7)
        var saved: [Note] = []
        sut.didSave.sink { saved.append($0) }.store(in: &subscriptions)
        sut.draftTitle = "Shopping"
        let messages = await errorMessages(of: sut, count: 1) { sut.save() }
        XCTAssertEqual(messages, ["The disk is full."])
        XCTAssertEqual(sut.draftTitle, "Shopping")
        XCTAssertTrue(sut.canSave)
        XCTAssertFalse(sut.isSaving)
        XCTAssertEqual(saved, [])
        repository.failsSaves = false
        await self.saved(sut, count: 1) { sut.save() }
        XCTAssertNil(sut.errorMessage)
        XCTAssertEqual(saved.map(\.title), ["Shopping"])
    }

    // MARK: - Helpers

    /// Runs `action`, then waits for the load to finish (`isLoading` false).
    private func loaded(_ sut: NoteEditorViewModel, after action: () -> Void = {}) async {
        await values(of: sut.$isLoading.dropFirst().filter { !$0 }, count: 1, "the load", after: action)
    }

    /// Runs `action`, then waits for `count` notes on `didSave` and returns them.
    @discardableResult
    private func saved(_ sut: NoteEditorViewModel, count: Int, after action: () -> Void) async -> [Note] {
        await values(of: sut.didSave, count: count, "did-save(s)", after: action)
    }

    /// Runs `action`, then waits for `count` new non-nil error messages.
    @discardableResult
    private func errorMessages(of sut: NoteEditorViewModel, count: Int, after action: () -> Void) async -> [String] {
        await values(of: sut.$errorMessage.dropFirst().compactMap { $0 }, count: count, "error message(s)", after: action)
    }
}
