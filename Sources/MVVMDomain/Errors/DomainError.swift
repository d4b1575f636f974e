import FoundationEssentials
import MVVMBindingCore

/// Every failure the domain layer reports, each with a message fit to show a person.
///
/// `localizedDescription`, `errorDescription` and `description` all return the same sentence,
/// so a ViewModel can put `error.localizedDescription` straight into its `errorMessage`.
public enum DomainError: Error, Hashable, Sendable {
    /// Nothing called `what` (for example "user", "post" or "page") has the identifier `id`.
    case notFound(what: String, id: Int)
    /// The caller passed something the domain rejects; `message` says what and why.
    case invalidInput(message: String)
    /// Reading or writing the store at `path` failed; nothing was changed. `reason` is the
    /// operating system's explanation.
    case storageFailure(path: String, reason: String)
    /// The store at `path` cannot be read or decoded. It is left exactly as it is, and the
    /// repository refuses to write over it until it is repaired or removed.
    case corruptStore(path: String, reason: String)
    /// The save was refused because another program changed the same record in the store at
    /// `path` since this repository read it (`reason` names the record); nothing was written,
    /// and the next load shows the other program's version.
    case changedElsewhere(path: String, reason: String)
    /// A failure injected on purpose (by a `FailurePolicy`) in the named operation.
    case injectedFailure(operation: String)
    /// The backing service cannot be reached right now, like a dropped network connection.
    case unavailable(reason: String)
}

extension DomainError: LocalizedError {
    /// The full human-readable message; `localizedDescription` returns it on every platform.
    public var errorDescription: String? { message }

    /// What the person can do about it, where there is something useful to say.
    public var recoverySuggestion: String? {
        switch self {
        case .corruptStore:
            return "Repair or delete the file, then try again."
        case .unavailable, .storageFailure:
            return "Try again later."
        case .changedElsewhere:
            return "Load it again to see the other change, then save again."
        case .notFound, .invalidInput, .injectedFailure:
            return nil
        }
    }
}

extension DomainError: CustomStringConvertible {
    /// The same message as `errorDescription`, so logs and `print` read the same as the UI.
    public var description: String { message }
}

extension DomainError {
    /// One complete sentence (or two) describing the failure.
    public var message: String {
        switch self {
        case let .notFound(what, id):
            return "Could not find \(what) \(id)."
        case let .invalidInput(message):
            return "Invalid input: \(Self.clause(message))."
        case let .storageFailure(path, reason):
            return "Could not save the data store at \(path): \(Self.clause(reason))."
        case let .corruptStore(path, reason):
            return "The data store at \(path) is unreadable or corrupt (\(Self.clause(reason))); "
                + "it was left untouched."
        case let .changedElsewhere(path, reason):
            return "Not saved: \(Self.clause(reason)) in the data store at \(path) since it was loaded; "
                + "load it again to see that change."
        case let .injectedFailure(operation):
            return "The \(operation) request failed because a failure was injected for testing."
        case let .unavailable(reason):
            return "The service is unavailable: \(Self.clause(reason))."
        }
    }

    /// The sentence a screen shows for `error`, whatever threw it: a `LocalizedError`'s
    /// description (so a `DomainError`'s `message`), else the error as text. Foundation's
    /// `localizedDescription` answers the same, but it needs corelibs Foundation and ICU, which
    /// the shipped library does not link.
    public static func message(for error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }

    /// `text` without surrounding whitespace and trailing full stops, so it can be embedded
    /// in a sentence that supplies its own punctuation.
    private static func clause(_ text: String) -> String {
        var trimmed = text.trimmingWhitespacesAndNewlines()
        while trimmed.hasSuffix(".") { trimmed.removeLast() }
        return trimmed.isEmpty ? "no reason given" : trimmed
    }
}
