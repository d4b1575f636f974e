import MVVMBindingCore
import XCTest
@testable import NotesApp

/// Order, change sets, search as you type (on a virtual-time `TestScheduler`: time moves only
/// when a test advances it), delete, pin and selection of `NoteListViewModel`.
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
        -> (NoteListViewModel<TestScheduler>, TestScheduler, ChangeRecorder) {
        let scheduler = TestScheduler()
        let sut = NoteListViewModel(repository: repository, scheduler: scheduler, debounceInterval: debounce)
        let recorder = ChangeRecorder()
        sut.changes.sink { [recorder] in recorder.changes.append($0) }.store(in: &subscriptions)
        return (sut, scheduler, recorder)
    }

    func test_onAppear_showsPinnedNotesFirstThenTheMostRecentlyUpdated_asOneReset() async {
        let (sut, _, recorder) = makeSUT()
        sut.onAppear()
        XCTAssertEqual(sut.notes.map(\.id), [3, 2, 1])
        XCTAssertEqual(sut.count, 3)
        XCTAssertEqual(recorder.changes, [.reset(count: 3)])
    }

    func test_typing_filtersNothingBeforeThePause_andOnceAfterIt() async {
        let (sut, scheduler, recorder) = makeSUT()
        sut.onAppear()
        sut.query = "i"
        scheduler.advance(by: .milliseconds(100))
        sut.query = "id"
        scheduler.advance(by: .milliseconds(249))
        XCTAssertEqual(sut.count, 3, "nothing filtered 249 ms after the last keystroke")
        scheduler.advance(by: .milliseconds(1))
        XCTAssertEqual(sut.notes.map(\.id), [2])
        XCTAssertEqual(recorder.changes, [.reset(count: 3), .reset(count: 1)])
    }

    func test_theQuery_matchesBodiesIgnoringCaseAndSurroundingSpace() async {
        let (sut, scheduler, _) = makeSUT()
        sut.onAppear()
        sut.query = "  EGGS "
        scheduler.advance(by: debounce)
        XCTAssertEqual(sut.notes.map(\.id), [1])
    }

    func test_aQueryThatTrimsToTheSameFilter_changesNoRow() async {
        let (sut, scheduler, recorder) = makeSUT()
        sut.onAppear()
        sut.query = "ideas"
        scheduler.advance(by: debounce)
        sut.query = "ideas "
        scheduler.advance(by: debounce)
        XCTAssertEqual(recorder.changes, [.reset(count: 3), .reset(count: 1)])
    }

    func test_clearingTheQuery_showsEveryNoteAgain() async {
        let (sut, scheduler, _) = makeSUT()
        sut.onAppear()
        sut.query = "ideas"
        scheduler.advance(by: debounce)
        sut.query = ""
        scheduler.advance(by: debounce)
        XCTAssertEqual(sut.notes.map(\.id), [3, 2, 1])
    }

    func test_delete_removesTheRowFromTheListAndTheStore_andGivesTheNoteBack() async {
        let repository = InMemoryNotesRepository(notes: Self.notes)
        let (sut, _, recorder) = makeSUT(repository)
        sut.onAppear()
        let row = sut.notes[1]
        XCTAssertEqual(sut.delete(at: 1), row)
        XCTAssertEqual(sut.notes.map(\.id), [3, 1])
        XCTAssertEqual(recorder.changes.last, .remove(1..<2))
        XCTAssertEqual(try repository.allNotes().map(\.id).sorted(), [1, 3])
    }

    func test_aFailedDelete_keepsTheRowAndSaysWhy_andGivesNothingBack() async {
        let (sut, _, recorder) = makeSUT(FailingNotesRepository(notes: Self.notes))
        sut.onAppear()
        XCTAssertNil(sut.delete(at: 0))
        XCTAssertEqual(sut.count, 3)
        XCTAssertEqual(sut.errorMessage, "The disk is full.")
        XCTAssertEqual(recorder.changes, [.reset(count: 3)])
    }

    func test_pinningANote_movesItAmongThePinnedByUpdateTime_asARemoveAndAnInsert() async {
        let (sut, _, recorder) = makeSUT()
        sut.onAppear()
        sut.togglePinned(at: 2)  // Groceries (updated at 10), pinned: before Passwords (5)
        XCTAssertEqual(sut.notes.map(\.id), [1, 3, 2])
        XCTAssertTrue(sut.notes[0].pinned)
        XCTAssertEqual(Array(recorder.changes.dropFirst()), [.remove(2..<3), .insert(0..<1)])
    }

    func test_applyingTheChangeSetsInOrder_keepsACopyEqualToTheRows() async {
        let (sut, scheduler, recorder) = makeSUT()
        var mirror: [Note] = []
        sut.changes.sink { [unowned sut] change in change.apply(to: &mirror, from: sut.notes) }.store(in: &subscriptions)
        sut.onAppear()
        sut.togglePinned(at: 1)
        sut.delete(at: 0)
        sut.query = "a"
        scheduler.advance(by: debounce)
        XCTAssertEqual(mirror, sut.notes)
        XCTAssertFalse(recorder.changes.isEmpty)
    }

    func test_selectingARow_sendsItsNotesId() async {
        let (sut, _, _) = makeSUT()
        var selected: [Int] = []
        sut.noteSelected.sink { selected.append($0) }.store(in: &subscriptions)
        sut.onAppear()
        sut.didSelectRow(at: 0)
        sut.didSelectRow(at: 7)
        XCTAssertEqual(selected, [3])
    }
}

/// The change sets a list sent, in order.
@MainActor
final class ChangeRecorder {
    var changes: [ListChange] = []
}
