import MVVMRuntime

/// Notes a host keeps (a database of its own, a server): what notes_store_new_host() is made over.
///
/// Where notes are kept: the app's own stores (`InMemoryNotesRepository`,
/// `JSONFileNotesRepository`) or one a host implements (`HostNotesRepository`, which
/// `@HostInterface` writes), which answers each request later, from any thread. So the
/// requirements are asynchronous, as the seeds' `UserRepository`'s are, and the protocol is
/// `Sendable` (a host's implementation is not main-actor bound).
///
/// The requirements are `nonisolated(nonsending)`: they run on the caller's actor (the
/// ViewModels' main actor) instead of hopping to the global executor and back, so a store that
/// answers at once costs no thread hop, and a host's answer needs one wake-up of the host
/// thread. A `@MainActor` conformer marks its witnesses `@MainActor` explicitly (otherwise they
/// take the requirement's isolation).
///
/// The app's stores fail with a `NotesStoreError`; a host's store may throw any error. Either
/// way the ViewModels show `NotesStoreError.message(for:)`.
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
