/// Where notes are kept. Local stores answer at once, so the requirements are synchronous; a
/// failure is a `NotesStoreError` whose message the ViewModels show.
@MainActor
public protocol NotesRepository: AnyObject {
    /// Every note, in no particular order.
    func allNotes() throws(NotesStoreError) -> [Note]
    /// Stores `note` (a new one when its id is 0, which then gets the next id) and returns it
    /// as stored.
    func save(_ note: Note) throws(NotesStoreError) -> Note
    /// Deletes the note `id`; `NotesStoreError.notFound` when there is none.
    func delete(id: Note.ID) throws(NotesStoreError)
}
