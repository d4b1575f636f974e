/// A store handle's Swift side: the repository the list and editors of one host share.
@MainActor
public final class NotesStore {
    public let repository: any NotesRepository
    /// Whether the notes outlive the process (a file store).
    public let isPersistent: Bool

    public init(repository: any NotesRepository, isPersistent: Bool) {
        self.repository = repository
        self.isPersistent = isPersistent
    }
}
