import CMVVM
import FoundationEssentials
import MVVMRuntime

extension NotesStore: DeclaredViewModel {
    public nonisolated static let declaration = ViewModelDeclaration<NotesStore>(
        name: "NotesStore", cNamespace: "notes", cPrefix: "store", handleName: "store",
        summary: "Where the notes are kept: in memory, or in a JSON file replaced atomically on every change.",
        constructor: .new(
            """
            Opens the notes file at `path` (created on the first save), or a store in memory when \
            `path` is "". A file that cannot be read or decoded is refused with MVVM_E_SYSTEM.
            """, arguments: [.string("path")], out: "out_store"
        ) { arguments throws(APIError) in
            let path = arguments.string(0)
            guard !path.isEmpty else { return (NotesStore(repository: InMemoryNotesRepository(), isPersistent: false), nil) }
            do throws(NotesStoreError) {
                let repository = try JSONFileNotesRepository(fileURL: URL(fileURLWithPath: path))
                return (NotesStore(repository: repository, isPersistent: true), nil)
            } catch {
                throw APIError(MVVM_E_SYSTEM, error.message)
            }
        },
        properties: [
            .bool("is-persistent", "Whether the notes are kept in a file (0/1); 0 for a host's store.", { $0.isPersistent })
        ],
        hostConstructor: .host(
            HostNotesRepository.interface, "A store whose notes the host keeps: every call goes to `vtable`.",
            out: "out_store"
        ) { host in NotesStore(repository: HostNotesRepository(host: host), isPersistent: false) })
}

extension MemberShape.Argument {
    /// The store a screen is made over: a handle of a live notes store.
    static var store: Self { .object("store", of: ViewModelObject<NotesStore>.self) }
}

extension Arguments {
    /// The store object of argument `position` (declared `.store`), which a screen keeps alive.
    @MainActor func store(_ position: Int) -> ViewModelObject<NotesStore> {
        object(position, as: ViewModelObject<NotesStore>.self)
    }
}
