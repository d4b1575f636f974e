import MVVMRuntime

extension HostNotesRepository {
    /// `notes_repository_vtable`: `NotesRepository` as a host implements it, one function per
    /// requirement (and `cancel`), in this order.
    public nonisolated static let interface = HostInterfaceDeclaration(
        name: "NotesRepository", cNamespace: "notes",
        summary: "Notes a host keeps (a database of its own, a server): what notes_store_new_host() is made over.",
        members: [
            .method("all_notes", "Every note, in no particular order.", answer: .list(Note.valueKind)),
            .method(
                "save_note", "Stores `note` (a new one when its id is 0: give it the next id) and answers with it as stored.",
                arguments: [.record("note", Note.self)], answer: .value(Note.valueKind)),
            .method(
                "delete_note", "Deletes the note `id`; fail the request when there is none.",
                arguments: [.int64("id")], answer: .nothing),
            .cancel,
        ])
}
