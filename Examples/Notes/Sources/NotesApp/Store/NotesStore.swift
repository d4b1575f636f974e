import CMVVM
import FoundationEssentials
import MVVMRuntime

/// Where the notes are kept: in memory, or in a JSON file replaced atomically on every change.
///
/// A store handle's Swift side: the repository the list and editors of one host share.
@ViewModel(prefix: "store", handle: "store")
@MainActor
public final class NotesStore {
    @Hidden public let repository: any NotesRepository
    /// Whether the notes are kept in a file; false for a host's store.
    public let isPersistent: Bool

    public init(repository: any NotesRepository, isPersistent: Bool) {
        self.repository = repository
        self.isPersistent = isPersistent
    }

    /// Opens the notes file at `path` (created on the first save), or a store in memory when
    /// `path` is "". A file that cannot be read or decoded is refused with MVVM_E_SYSTEM.
    @Constructor(out: "out_store")
    static func open(path: String) throws(APIError) -> NotesStore {
        guard !path.isEmpty else { return NotesStore(repository: InMemoryNotesRepository(), isPersistent: false) }
        do throws(NotesStoreError) {
            return NotesStore(repository: try JSONFileNotesRepository(fileURL: URL(fileURLWithPath: path)), isPersistent: true)
        } catch {
            throw APIError(MVVM_E_SYSTEM, error.message)
        }
    }

    /// A store whose notes the host keeps: every call goes to `vtable`.
    @HostConstructor(out: "out_store")
    static func host(_ repository: HostNotesRepository) -> NotesStore { NotesStore(repository: repository, isPersistent: false) }
}
