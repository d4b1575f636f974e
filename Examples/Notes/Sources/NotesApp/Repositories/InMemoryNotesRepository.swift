/// Notes in memory, gone with the process: for tests and demos.
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

    public func allNotes() throws(NotesStoreError) -> [Note] { Array(notes.values) }

    public func save(_ note: Note) throws(NotesStoreError) -> Note {
        var stored = note
        if stored.id == 0 {
            lastID += 1
            stored.id = lastID
        } else if notes[stored.id] == nil {
            throw .notFound(stored.id)
        }
        notes[stored.id] = stored
        return stored
    }

    public func delete(id: Note.ID) throws(NotesStoreError) {
        guard notes.removeValue(forKey: id) != nil else { throw .notFound(id) }
    }
}
