import FoundationEssentials

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

extension NotesStoreError: LocalizedError {
    public var errorDescription: String? { message }
}

extension NotesStoreError {
    /// The sentence a screen shows for `error`, whatever threw it: a `LocalizedError`'s
    /// description, else the error as text (`localizedDescription` needs corelibs Foundation,
    /// which the shipped library does not link).
    public static func message(for error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
