import XCTest

@testable import NotesApp

final class NoteOrderTests: XCTestCase {
    func testPinnedNotesComeFirstThenTheMostRecentlyUpdatedThenTheMostRecentlyCreated() {
        let notes = [
            Note(id: 1, title: "old", updatedAt: 10),
            Note(id: 2, title: "new", updatedAt: 30),
            Note(id: 3, title: "pinned old", updatedAt: 5, pinned: true),
            Note(id: 4, title: "same time as new", updatedAt: 30),
        ]
        XCTAssertEqual(NoteOrder.sorted(notes).map(\.id), [3, 4, 2, 1])
    }
}
