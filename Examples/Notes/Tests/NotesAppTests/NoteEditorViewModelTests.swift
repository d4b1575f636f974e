import MVVMBindingCore
import XCTest
@testable import NotesApp

/// Draft, dirty, validation, save and its event of `NoteEditorViewModel`, with an injected
/// clock.
@MainActor
final class NoteEditorViewModelTests: XCTestCase {
    private var subscriptions: [AnyCancellable] = []
    private let stored = Note(id: 7, title: "Groceries", body: "milk", updatedAt: 10)

    private func makeSUT(_ repository: any NotesRepository, noteID: Note.ID?) throws -> NoteEditorViewModel {
        try NoteEditorViewModel(repository: repository, noteID: noteID, now: { 1_000 })
    }

    func test_anEditorOfAStoredNote_startsWithItsTitleAndBody_clean() async throws {
        let sut = try makeSUT(InMemoryNotesRepository(notes: [stored]), noteID: 7)
        XCTAssertEqual(sut.draftTitle, "Groceries")
        XCTAssertEqual(sut.draftBody, "milk")
        XCTAssertFalse(sut.isDirty)
        XCTAssertFalse(sut.canSave)
        XCTAssertNil(sut.validationMessage)
    }

    func test_theDraftState_isUnchangedThenInvalidWithoutATitleThenReady_andUnchangedAfterTheSave() async throws {
        let sut = try makeSUT(InMemoryNotesRepository(), noteID: nil)
        var states: [DraftState] = []
        sut.$draftState.sink { states.append($0) }.store(in: &subscriptions)
        sut.draftBody = "no title yet"
        sut.draftTitle = "Groceries"
        sut.save()
        XCTAssertEqual(states, [.unchanged, .invalid, .ready, .unchanged])
    }

    func test_anEditorOfAMissingNote_isRefused() async {
        XCTAssertThrowsError(try makeSUT(InMemoryNotesRepository(), noteID: 9)) { error in
            XCTAssertEqual(error as? NotesStoreError, .notFound(9))
        }
    }

    func test_editingTheBody_makesTheDraftDirtyAndSaveable_andUndoingItCleanAgain() async throws {
        let sut = try makeSUT(InMemoryNotesRepository(notes: [stored]), noteID: 7)
        sut.draftBody = "milk, eggs"
        XCTAssertTrue(sut.isDirty)
        XCTAssertTrue(sut.canSave)
        sut.draftBody = "milk"
        XCTAssertFalse(sut.isDirty)
        XCTAssertFalse(sut.canSave)
    }

    func test_aTitleThatDiffersOnlyBySurroundingSpace_isNotAnEdit() async throws {
        let sut = try makeSUT(InMemoryNotesRepository(notes: [stored]), noteID: 7)
        sut.draftTitle = "  Groceries "
        XCTAssertFalse(sut.isDirty)
    }

    func test_anEmptyOrTooLongTitle_cannotBeSaved_andSaysWhy() async throws {
        let sut = try makeSUT(InMemoryNotesRepository(notes: [stored]), noteID: 7)
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

    func test_aNewNote_saysNothingBeforeItIsEdited() async throws {
        let sut = try makeSUT(InMemoryNotesRepository(), noteID: nil)
        XCTAssertNil(sut.validationMessage)
        XCTAssertFalse(sut.canSave)
        sut.draftBody = "text without a title"
        XCTAssertEqual(sut.validationMessage, "A note needs a title.")
    }

    func test_save_storesTheTrimmedTitleStampedWithTheClock_sendsDidSave_andIsCleanAfter() async throws {
        let repository = InMemoryNotesRepository()
        let sut = try makeSUT(repository, noteID: nil)
        var saved: [Note] = []
        sut.didSave.sink { saved.append($0) }.store(in: &subscriptions)
        sut.draftTitle = " Ideas "
        sut.draftBody = "a notes app"
        sut.save()
        let expected = Note(id: 1, title: "Ideas", body: "a notes app", updatedAt: 1_000)
        XCTAssertEqual(saved, [expected])
        XCTAssertEqual(try repository.allNotes(), [expected])
        XCTAssertEqual(sut.note, expected)
        XCTAssertEqual(sut.draftTitle, "Ideas")
        XCTAssertFalse(sut.isDirty)
        XCTAssertFalse(sut.canSave)
    }

    func test_saveOfAnInvalidDraft_storesNothing() async throws {
        let repository = InMemoryNotesRepository()
        let sut = try makeSUT(repository, noteID: nil)
        sut.draftBody = "no title"
        sut.save()
        XCTAssertEqual(try repository.allNotes(), [])
    }

    func test_aFailedSave_keepsTheDraftAndSaysWhy_andTheNextSaveClearsTheMessage() async throws {
        let repository = FailingNotesRepository(notes: [stored])
        let sut = try makeSUT(repository, noteID: 7)
        var saved: [Note] = []
        sut.didSave.sink { saved.append($0) }.store(in: &subscriptions)
        sut.draftTitle = "Shopping"
        sut.save()
        XCTAssertEqual(sut.errorMessage, "The disk is full.")
        XCTAssertEqual(sut.draftTitle, "Shopping")
        XCTAssertTrue(sut.canSave)
        XCTAssertEqual(saved, [])
        repository.failsSaves = false
        sut.save()
        XCTAssertNil(sut.errorMessage)
        XCTAssertEqual(saved.map(\.title), ["Shopping"])
    }
}
