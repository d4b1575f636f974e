@testable import NotesApp

/// A store that refuses every call with `error`, for the error paths.
@MainActor
final class FailingNotesRepository: NotesRepository {
    let notes: [Note]
    var error = NotesStoreError.file("The disk is full.")
    var failsSaves = true
    var failsDeletes = true

    init(notes: [Note]) { self.notes = notes }

    func allNotes() throws(NotesStoreError) -> [Note] { notes }

    func save(_ note: Note) throws(NotesStoreError) -> Note {
        if failsSaves { throw error }
        return note
    }

    func delete(id: Note.ID) throws(NotesStoreError) {
        if failsDeletes { throw error }
    }
}
