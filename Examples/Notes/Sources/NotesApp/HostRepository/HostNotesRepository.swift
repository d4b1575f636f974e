import MVVMRuntime

/// A `NotesRepository` whose every call goes to a host's `notes_repository_vtable` (declared in
/// `HostNotesRepository.interface`): a thin adapter from the protocol's requirements to the
/// interface's methods. The host answers each call later, from any thread; a host's failure
/// (`mvvm_request_fail()`) arrives as a `HostFailure`, whose message the ViewModels show.
public final class HostNotesRepository: NotesRepository {
    let host: HostImplementation

    init(host: HostImplementation) {
        self.host = host
    }

    public nonisolated(nonsending) func allNotes() async throws -> [Note] {
        try await host.call("all_notes").records(Note.self)
    }

    public nonisolated(nonsending) func save(_ note: Note) async throws -> Note {
        try await host.call("save_note", [.record(note)]).record(Note.self)
    }

    public nonisolated(nonsending) func delete(id: Note.ID) async throws {
        _ = try await host.call("delete_note", [.int64(Int64(id))])
    }
}
