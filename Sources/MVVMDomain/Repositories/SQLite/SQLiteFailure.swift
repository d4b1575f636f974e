import CSQLite

/// Turns SQLite result codes into the `DomainError` a repository reports, keeping SQLite's
/// own message.
///
/// - A file that is not a database, or whose pages are damaged (`SQLITE_CORRUPT`,
///   `SQLITE_NOTADB`), is `DomainError.corruptStore`.
/// - Everything else (I/O errors, a full disk, a read-only file, a lock held too long, a
///   constraint broken) is `DomainError.storageFailure`: the operation failed and, because
///   every change runs in a transaction, nothing was changed.
enum SQLiteFailure {
    /// The error for result `code` of `step` ("preparing …", "opening the database"), with
    /// the message SQLite gave (`message`, usually `sqlite3_errmsg`).
    static func error(
        code: Int32, message: String?, step: String, path: String
    ) -> DomainError {
        let text = message.flatMap { $0.isEmpty ? nil : $0 } ?? String(cString: csqlite_errstr(code))
        let reason = "\(step) failed: \(text) (SQLite code \(code))"
        switch code & 0xFF {
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            return .corruptStore(path: path, reason: reason)
        default:
            return .storageFailure(path: path, reason: reason)
        }
    }

    /// Whether `code` (primary or extended) means success or a row/done step.
    static func isSuccess(_ code: Int32) -> Bool {
        let primary = code & 0xFF
        return primary == SQLITE_OK || primary == SQLITE_ROW || primary == SQLITE_DONE
    }
}
