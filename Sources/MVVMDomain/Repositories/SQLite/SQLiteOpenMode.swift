import CSQLite

/// How `SQLiteConnection` opens its file.
enum SQLiteOpenMode: Sendable {
    /// Reading only: nothing can be written through the connection. Use it to inspect a file
    /// that must not be changed (one that may be corrupt, foreign or newer).
    case readOnly
    /// Reading and writing an existing file; a missing file is an error.
    case readWrite
    /// Reading and writing, creating the file if it is missing.
    case readWriteCreate

    /// The `sqlite3_open_v2` flags. Every mode uses the "no mutex" threading mode: a
    /// connection belongs to one owner (an actor) that never uses it from two threads at once.
    var flags: Int32 {
        let access: Int32
        switch self {
        case .readOnly: access = SQLITE_OPEN_READONLY
        case .readWrite: access = SQLITE_OPEN_READWRITE
        case .readWriteCreate: access = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        }
        return access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    }
}
