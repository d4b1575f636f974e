/// Notes in memory, gone with the process: for tests and demos. It answers at once, on the
/// main actor.
@MainActor
public final class InMemoryNotesRepository: NotesRepository {
    private var notes: [Note.ID: Note] = [:]
    private var lastID = 0

    public init(notes: [Note] = []) {
        for note in notes {
            self.notes[note.id] = note
            lastID = max(lastID, note.id)
        }
    }

    @MainActor public func allNotes() async throws -> [Note] { Array(notes.values) }

    @MainActor public func save(_ note: Note) async throws -> Note {
        var stored = note
        if stored.id == 0 {
            lastID += 1
            stored.id = lastID
        } else if notes[stored.id] == nil {
            throw NotesStoreError.notFound(stored.id)
        }
        notes[stored.id] = stored
        return stored
    }

    @MainActor public func delete(id: Note.ID) async throws {
        guard notes.removeValue(forKey: id) != nil else { throw NotesStoreError.notFound(id) }
    }
}
