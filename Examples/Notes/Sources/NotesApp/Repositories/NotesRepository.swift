import MVVMRuntime

/// Notes a host keeps (a database of its own, a server): what notes_store_new_host() is made over.
///
/// The app's own stores (`InMemoryNotesRepository`, `JSONFileNotesRepository`) conform too.
/// A host answers each request later, from any thread: so the requirements are asynchronous and
/// the protocol `Sendable`. They are `nonisolated(nonsending)`: they run on the caller's actor
/// (the ViewModels' main actor), so a store that answers at once costs no thread hop; a
/// `@MainActor` conformer marks its witnesses `@MainActor` explicitly. Any error a store throws
/// is shown as `NotesStoreError.message(for:)` says.
@HostInterface
public protocol NotesRepository: Sendable {
    /// Every note, in no particular order.
    nonisolated(nonsending) func allNotes() async throws -> [Note]
    /// Stores `note` (a new one when its id is 0: give it the next id) and answers with it as stored.
    @Exported("save_note")
    nonisolated(nonsending) func save(_ note: Note) async throws -> Note
    /// Deletes the note `id`; fail the request when there is none.
    @Exported("delete_note")
    nonisolated(nonsending) func delete(id: Note.ID) async throws
}
