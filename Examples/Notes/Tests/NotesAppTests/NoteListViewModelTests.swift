import MVVMBindingCore
import MVVMTestSupport
import XCTest

@testable import NotesApp

/// Order, change sets, search as you type (on a virtual-time `TestScheduler`: time moves only
/// when a test advances it), delete, pin and selection of `NoteListViewModel`. The repository
/// answers through main-actor tasks: a test waits for what a command publishes (`rowChanges`,
/// `errorMessages`), never for time.
///
/// Every test is `async`: on Linux, XCTest's test discovery cannot call a synchronous
/// `@MainActor` test method.
@MainActor
final class NoteListViewModelTests: XCTestCase {
    private let debounce: TestScheduler.SchedulerTimeType.Stride = .milliseconds(250)
    private var subscriptions: [AnyCancellable] = []

    private static let notes = [
        Note(id: 1, title: "Groceries", body: "milk, eggs", updatedAt: 10),
        Note(id: 2, title: "Ideas", body: "a notes app on mvvm", updatedAt: 30),
        Note(id: 3, title: "Passwords", body: "(none here)", updatedAt: 5, pinned: true),
    ]

    private func makeSUT(_ repository: any NotesRepository = InMemoryNotesRepository(notes: notes))
        -> (NoteListViewModel<TestScheduler>, TestScheduler, Recorder<ListChange, Never>)
    {
        let scheduler = TestScheduler()
        let sut = trackForMemoryLeaks(NoteListViewModel(repository: repository, scheduler: scheduler, debounceInterval: debounce))
        return (sut, scheduler, sut.changes.record())
    }

    /// A list that has shown its first load.
    private func makeLoadedSUT(_ repository: any NotesRepository = InMemoryNotesRepository(notes: notes))
        async -> (NoteListViewModel<TestScheduler>, TestScheduler, Recorder<ListChange, Never>)
    {
        let (sut, scheduler, recorder) = makeSUT(repository)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }
        return (sut, scheduler, recorder)
    }

    func test_onAppear_showsPinnedNotesFirstThenTheMostRecentlyUpdated_asOneReset() async {
        let (sut, _, recorder) = makeSUT()
        await rowChanges(of: sut, count: 1) { sut.onAppear() }
        XCTAssertEqual(sut.notes.map(\.id), [3, 2, 1])
        XCTAssertEqual(sut.count, 3)
        XCTAssertEqual(recorder.values, [.reset(count: 3)])
    }

    func test_onAppear_whileTheFirstLoadRuns_loadsOnce() async {
        let repository = ControllableNotesRepository()
        let (sut, _, _) = makeSUT(repository)
        sut.onAppear()
        await waitForAllNotesCalls(1, on: repository)
        sut.onAppear()
        await rowChanges(of: sut, count: 1) { repository.allNotesCalls[0].answer(Self.notes) }
        sut.onAppear()  // rows shown: nothing to load
        await runQueuedMainActorJobs()
        XCTAssertEqual(repository.allNotesCalls.count, 1)
    }

    func test_typing_filtersNothingBeforeThePause_andOnceAfterIt() async {
        let (sut, scheduler, recorder) = await makeLoadedSUT()
        sut.query = "i"
        scheduler.advance(by: .milliseconds(100))
        sut.query = "id"
        scheduler.advance(by: .milliseconds(249))
        await runQueuedMainActorJobs()
        XCTAssertEqual(sut.count, 3, "nothing filtered 249 ms after the last keystroke")
        await rowChanges(of: sut, count: 1) { scheduler.advance(by: .milliseconds(1)) }
        XCTAssertEqual(sut.notes.map(\.id), [2])
        XCTAssertEqual(recorder.values, [.reset(count: 3), .reset(count: 1)])
    }

    func test_theQuery_matchesBodiesIgnoringCaseAndSurroundingSpace() async {
        let (sut, scheduler, _) = await makeLoadedSUT()
        sut.query = "  EGGS "
        await rowChanges(of: sut, count: 1) { scheduler.advance(by: debounce) }
        XCTAssertEqual(sut.notes.map(\.id), [1])
    }

    func test_aQueryThatTrimsToTheSameFilter_changesNoRow() async {
        let (sut, scheduler, recorder) = await makeLoadedSUT()
        sut.query = "ideas"
        await rowChanges(of: sut, count: 1) { scheduler.advance(by: debounce) }
        sut.query = "ideas "
        scheduler.advance(by: debounce)
        await runQueuedMainActorJobs()
        XCTAssertEqual(recorder.values, [.reset(count: 3), .reset(count: 1)])
    }

    func test_clearingTheQuery_showsEveryNoteAgain() async {
        let (sut, scheduler, _) = await makeLoadedSUT()
        sut.query = "ideas"
        await rowChanges(of: sut, count: 1) { scheduler.advance(by: debounce) }
        sut.query = ""
        await rowChanges(of: sut, count: 1) { scheduler.advance(by: debounce) }
        XCTAssertEqual(sut.notes.map(\.id), [3, 2, 1])
    }

    // MARK: - Superseded loads

    func test_aReload_supersedesTheLoadInFlight_whoseResultNeverLands() async {
        let repository = ControllableNotesRepository()
        let (sut, _, recorder) = makeSUT(repository)
        sut.onAppear()
        await waitForAllNotesCalls(1, on: repository)
        sut.reload()
        await waitForAllNotesCalls(2, on: repository)
        XCTAssertTrue(repository.allNotesCalls[0].isCancelled, "the superseded load was cancelled")
        XCTAssertFalse(repository.allNotesCalls[1].isCancelled)

        // The store ignores cancellation and answers the stale call first: calls answered in
        // order are handled in order, so the stale result is handled before the fresh one.
        await rowChanges(of: sut, count: 1) {
            repository.allNotesCalls[0].answer(Self.notes)
            repository.allNotesCalls[1].answer([Self.notes[0]])
        }
        XCTAssertEqual(recorder.values, [.reset(count: 1)])
        XCTAssertEqual(sut.notes.map(\.id), [1])
    }

    func test_aNewFilter_supersedesTheLoadInFlight_andAStaleFailureIsNotShown() async {
        let repository = ControllableNotesRepository()
        let (sut, scheduler, recorder) = makeSUT(repository)
        sut.onAppear()
        await waitForAllNotesCalls(1, on: repository)
        sut.query = "ideas"
        scheduler.advance(by: debounce)
        await waitForAllNotesCalls(2, on: repository)

        // The stale call fails after the fresh one landed: its failure must not show.
        await rowChanges(of: sut, count: 1) {
            repository.allNotesCalls[1].answer(Self.notes)
            repository.allNotesCalls[0].fail(HostStoreFailure())
        }
        await runQueuedMainActorJobs()
        XCTAssertNil(sut.errorMessage)
        XCTAssertEqual(recorder.values, [.reset(count: 1)])
        XCTAssertEqual(sut.notes.map(\.id), [2])
    }

    func test_closingTheListMidLoad_freesIt_andTheLateAnswerIsHarmless() async {
        let repository = ControllableNotesRepository()
        var sut: NoteListViewModel<TestScheduler>? = NoteListViewModel(
            repository: repository, scheduler: TestScheduler(), debounceInterval: debounce)
        weak let weakSUT = sut
        sut?.onAppear()
        await waitForAllNotesCalls(1, on: repository)

        sut = nil
        XCTAssertNil(weakSUT, "the load in flight holds no strong reference")
        XCTAssertTrue(repository.allNotesCalls[0].isCancelled, "closing the list cancels its load")
        repository.allNotesCalls[0].answer(Self.notes)
        await runQueuedMainActorJobs()
    }

    // MARK: - Failures

    func test_aFailedLoad_showsTheMessage_andTheNextLoadThatSucceedsClearsIt() async {
        let repository = FailingNotesRepository(notes: Self.notes)
        repository.failsReads = true
        let (sut, _, recorder) = makeSUT(repository)
        let messages = await errorMessages(of: sut, count: 1) { sut.onAppear() }
        XCTAssertEqual(messages, ["The disk is full."])
        XCTAssertEqual(recorder.values, [])

        repository.failsReads = false
        await rowChanges(of: sut, count: 1) { sut.reload() }
        XCTAssertNil(sut.errorMessage)
        XCTAssertEqual(sut.count, 3)
    }

    func test_aHostsFailure_showsItsText() async {
        let repository = FailingNotesRepository(notes: Self.notes)
        repository.error = HostStoreFailure()
        let (sut, _, _) = await makeLoadedSUT(repository)
        let messages = await errorMessages(of: sut, count: 1) { sut.togglePinned(at: 0) }
        XCTAssertEqual(messages, ["The host's store is offline."])
    }

    // MARK: - Delete, pin, select

    func test_delete_removesTheRowAtOnce_givesTheNoteBack_andDeletesItFromTheStore() async throws {
        let repository = InMemoryNotesRepository(notes: Self.notes)
        let (sut, _, recorder) = await makeLoadedSUT(repository)
        let row = sut.notes[1]
        XCTAssertEqual(sut.delete(at: 1), row)
        XCTAssertEqual(sut.notes.map(\.id), [3, 1])
        XCTAssertEqual(recorder.values.last, .remove(1..<2))
        await runQueuedMainActorJobs()
        let stored = try await repository.allNotes()
        XCTAssertEqual(stored.map(\.id).sorted(), [1, 3])
        XCTAssertNil(sut.errorMessage)
    }

    func test_aDeleteOutsideTheRows_givesNothingBack() async {
        let (sut, _, recorder) = await makeLoadedSUT()
        XCTAssertNil(sut.delete(at: 3))
        XCTAssertEqual(recorder.values, [.reset(count: 3)])
    }

    func test_aDeleteTheStoreRefusesLater_putsTheRowBackAndSaysWhy() async {
        let (sut, _, recorder) = await makeLoadedSUT(FailingNotesRepository(notes: Self.notes))
        let shown = sut.notes
        let messages = await errorMessages(of: sut, count: 1) {
            XCTAssertEqual(sut.delete(at: 0), shown[0], "the note is given back at once")
            XCTAssertEqual(sut.count, 2, "its row goes at once")
        }
        XCTAssertEqual(messages, ["The disk is full."])
        XCTAssertEqual(sut.notes, shown)
        XCTAssertEqual(recorder.values, [.reset(count: 3), .remove(0..<1), .insert(0..<1)])
    }

    func test_aLoadThatLandsWhileADeleteRuns_doesNotShowTheNoteAgain_andAFailedDeleteRestoresIt() async {
        let repository = ControllableNotesRepository()
        let (sut, _, recorder) = makeSUT(repository)
        sut.onAppear()
        await waitForAllNotesCalls(1, on: repository)
        await rowChanges(of: sut, count: 1) { repository.allNotesCalls[0].answer(Self.notes) }
        sut.reload()
        await waitForAllNotesCalls(2, on: repository)
        XCTAssertEqual(sut.delete(at: 0)?.id, 3)
        await waitForDeleteCalls(1, on: repository)

        // The reload read the store before the delete: it still has note 3.
        await rowChanges(of: sut, count: 1) { repository.allNotesCalls[1].answer(Self.notes) }
        XCTAssertEqual(sut.notes.map(\.id), [2, 1])

        let messages = await errorMessages(of: sut, count: 1) { repository.deleteCalls[0].call.fail(HostStoreFailure()) }
        XCTAssertEqual(messages, ["The host's store is offline."])
        XCTAssertEqual(sut.notes.map(\.id), [3, 2, 1])
        XCTAssertEqual(recorder.values, [.reset(count: 3), .remove(0..<1), .reset(count: 2), .insert(0..<1)])
    }

    func test_restoringADeletedNote_storesItAsANewNote_andInsertsItsRowInOrder() async throws {
        let repository = InMemoryNotesRepository(notes: Self.notes)
        let (sut, _, recorder) = await makeLoadedSUT(repository)
        let deleted = try XCTUnwrap(sut.delete(at: 1))  // Ideas
        await runQueuedMainActorJobs()
        await rowChanges(of: sut, count: 1) { sut.restore(deleted) }
        XCTAssertEqual(sut.notes.map(\.title), ["Passwords", "Ideas", "Groceries"])
        XCTAssertEqual(sut.notes[1].id, 4, "stored again under a new id")
        XCTAssertEqual(Array(recorder.values.dropFirst()), [.remove(1..<2), .insert(1..<2)])
        let stored = try await repository.allNotes()
        XCTAssertEqual(stored.map(\.id).sorted(), [1, 3, 4])
    }

    func test_aRestoreTheStoreRefuses_addsNoRowAndSaysWhy() async {
        let (sut, _, recorder) = await makeLoadedSUT(FailingNotesRepository(notes: Self.notes))
        let messages = await errorMessages(of: sut, count: 1) { sut.restore(Self.notes[0]) }
        XCTAssertEqual(messages, ["The disk is full."])
        XCTAssertEqual(recorder.values, [.reset(count: 3)])
    }

    func test_pinningANote_movesItAmongThePinnedByUpdateTime_asARemoveAndAnInsert() async {
        let (sut, _, recorder) = await makeLoadedSUT()
        await rowChanges(of: sut, count: 2) { sut.togglePinned(at: 2) }  // Groceries (updated at 10), pinned: before Passwords (5)
        XCTAssertEqual(sut.notes.map(\.id), [1, 3, 2])
        XCTAssertTrue(sut.notes[0].pinned)
        XCTAssertEqual(Array(recorder.values.dropFirst()), [.remove(2..<3), .insert(0..<1)])
    }

    func test_aFailedPin_changesNoRowAndSaysWhy() async {
        let (sut, _, recorder) = await makeLoadedSUT(FailingNotesRepository(notes: Self.notes))
        await errorMessages(of: sut, count: 1) { sut.togglePinned(at: 2) }
        XCTAssertEqual(sut.errorMessage, "The disk is full.")
        XCTAssertEqual(sut.notes.map(\.id), [3, 2, 1])
        XCTAssertEqual(recorder.values, [.reset(count: 3)])
    }

    func test_applyingTheChangeSetsInOrder_keepsACopyEqualToTheRows() async {
        let (sut, scheduler, recorder) = makeSUT()
        var mirror: [Note] = []
        sut.changes.sink { [unowned sut] change in change.apply(to: &mirror, from: sut.notes) }.store(in: &subscriptions)
        await rowChanges(of: sut, count: 1) { sut.onAppear() }
        await rowChanges(of: sut, count: 2) { sut.togglePinned(at: 1) }
        sut.delete(at: 0)
        sut.query = "a"
        await rowChanges(of: sut, count: 1) { scheduler.advance(by: debounce) }
        XCTAssertEqual(mirror, sut.notes)
        XCTAssertFalse(recorder.values.isEmpty)
    }

    func test_selectingARow_sendsItsNotesId() async {
        let (sut, _, _) = await makeLoadedSUT()
        var selected: [Int] = []
        sut.noteSelected.sink { selected.append($0) }.store(in: &subscriptions)
        sut.didSelectRow(at: 0)
        sut.didSelectRow(at: 7)
        XCTAssertEqual(selected, [3])
    }

    // MARK: - Helpers

    /// Runs `action`, then waits for `count` change sets and returns them.
    @discardableResult
    private func rowChanges(of sut: NoteListViewModel<TestScheduler>, count: Int, after action: () -> Void) async -> [ListChange] {
        await values(of: sut.changes, count: count, "change set(s)", after: action)
    }

    /// Runs `action`, then waits for `count` new non-nil error messages.
    @discardableResult
    private func errorMessages(of sut: NoteListViewModel<TestScheduler>, count: Int, after action: () -> Void) async -> [String] {
        await values(of: sut.$errorMessage.dropFirst().compactMap { $0 }, count: count, "error message(s)", after: action)
    }
}
