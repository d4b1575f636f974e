/// Why a store refused: each case has the sentence a screen shows.
public enum NotesStoreError: Error, Equatable, Sendable {
    case notFound(Note.ID)
    /// The file could not be read, decoded, encoded or replaced; the old file is untouched.
    case file(String)

    public var message: String {
        switch self {
        case .notFound(let id): "There is no note \(id) (it was deleted)."
        case .file(let reason): reason
        }
    }
}
