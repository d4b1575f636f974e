@testable import NotesApp

/// A store that reads `notes` and refuses saves and deletes with `error`, after suspending
/// once (as a store that answers later does), for the error paths. `error` may be any error, as
/// a host's store may throw.
@MainActor
final class FailingNotesRepository: NotesRepository {
    let notes: [Note]
    var error: any Error = NotesStoreError.file("The disk is full.")
    var failsReads = false
    var failsSaves = true
    var failsDeletes = true

    init(notes: [Note]) { self.notes = notes }

    @MainActor func allNotes() async throws -> [Note] {
        await Task.yield()
        if failsReads { throw error }
        return notes
    }

    @MainActor func save(_ note: Note) async throws -> Note {
        await Task.yield()
        if failsSaves { throw error }
        return note
    }

    @MainActor func delete(id: Note.ID) async throws {
        await Task.yield()
        if failsDeletes { throw error }
    }
}

/// A host's failure: not a `NotesStoreError`, no `LocalizedError`; its text is what shows.
struct HostStoreFailure: Error, CustomStringConvertible {
    var description: String { "The host's store is offline." }
}
