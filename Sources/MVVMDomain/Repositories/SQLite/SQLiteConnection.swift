import CSQLite
import FoundationEssentials

/// One connection to a SQLite database file (the system's libsqlite3), the low-level layer
/// under the SQLite repositories.
///
/// ```swift
/// let db = try SQLiteConnection(path: path, mode: .readWriteCreate)
/// try db.enableWriteAheadLog()            // WAL, synchronous = FULL
/// let name = try db.withStatement("SELECT name FROM users WHERE id = ?") { row throws(DomainError) in
///     try row.bind(7)
///     return try row.firstRow { $0.string(0) }
/// }
/// try db.inTransaction { () throws(DomainError) in
///     try db.withStatement("UPDATE users SET name = ? WHERE id = ?") { s throws(DomainError) in
///         try s.bind("Ada", 7); try s.run()
///     }
/// }
/// ```
///
/// - Statements are prepared once and cached by their SQL text (`withStatement`).
/// - Every failure is a `DomainError` carrying SQLite's message (see `SQLiteFailure`).
/// - Not thread-safe (opened without SQLite's mutexes): give it one owner, such as an actor,
///   that never uses it from two threads at once. Closed by `close()` or when released.
final class SQLiteConnection {
    /// The database file's path, as used in error messages.
    let path: String
    /// How the file was opened.
    let mode: SQLiteOpenMode

    private var handle: OpaquePointer?
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens the database at `path`.
    ///
    /// - Parameters:
    ///   - busyTimeout: how long a statement waits for another connection's lock before it
    ///     fails with `SQLITE_BUSY`.
    /// - Throws: `DomainError.storageFailure` when the file cannot be opened (missing for
    ///   `.readOnly`/`.readWrite`, no permission, …, or libsqlite3.so.0 cannot be loaded),
    ///   `.corruptStore` when it is not a database.
    init(
        path: String, mode: SQLiteOpenMode, busyTimeout: Duration = .seconds(5)
    ) throws(DomainError) {
        self.path = path
        self.mode = mode
        // libsqlite3 is opened by the first connection (`csqlite_load`, once), so a host without
        // SQLite repositories never loads it; every other call needs an open connection.
        if let failure = csqlite_load() {
            throw .storageFailure(path: path, reason: "opening the database failed: \(String(cString: failure))")
        }
        var opened: OpaquePointer?
        let code = csqlite_open_v2(path, &opened, mode.flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: csqlite_errmsg($0)) }
            csqlite_close_v2(opened)
            throw SQLiteFailure.error(code: code, message: message, step: "opening the database", path: path)
        }
        handle = opened
        let milliseconds =
            busyTimeout.components.seconds * 1_000
            + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        csqlite_busy_timeout(opened, Int32(clamping: milliseconds))
    }

    deinit { close() }

    /// Finalizes the cached statements and closes the connection. Later calls fail with a
    /// `storageFailure`; closing twice is harmless.
    func close() {
        statements.removeAll()  // finalizes them: SQLite closes only without live statements
        if let handle { csqlite_close_v2(handle) }
        handle = nil
    }

    /// Whether `close()` has not been called.
    var isOpen: Bool { handle != nil }

    // MARK: Running SQL

    /// Runs `sql`, which may hold several statements separated by `;`, ignoring any rows.
    /// Meant for schema scripts and pragmas; statements run often belong in `withStatement`.
    func execute(_ sql: String) throws(DomainError) {
        let handle = try openHandle()
        var message: UnsafeMutablePointer<CChar>?
        let code = csqlite_exec(handle, sql, nil, nil, &message)
        defer { csqlite_free(message) }
        guard code == SQLITE_OK else {
            throw noted(
                SQLiteFailure.error(
                    code: code, message: message.map { String(cString: $0) },
                    step: "running \"\(Self.abbreviated(sql))\"", path: path))
        }
    }

    /// Runs `body` with the prepared statement for `sql`, prepared on first use and cached;
    /// the statement is reset and its bindings cleared when `body` returns or throws, so it
    /// holds no read lock between calls. `sql` must be one statement.
    func withStatement<T>(
        _ sql: String, _ body: (SQLiteStatement) throws(DomainError) -> T
    ) throws(DomainError) -> T {
        let statement = try prepared(sql)
        defer { statement.reset() }
        return try body(statement)
    }

    private func prepared(_ sql: String) throws(DomainError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        let handle = try openHandle()
        var statement: OpaquePointer?
        // PERSISTENT: the statement is kept for the connection's life.
        let code = csqlite_prepare_v3(
            handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            csqlite_finalize(statement)
            throw failure(code == SQLITE_OK ? SQLITE_MISUSE : code, step: "preparing \"\(sql)\"")
        }
        let wrapped = SQLiteStatement(handle: statement, sql: sql, connection: self)
        statements[sql] = wrapped
        return wrapped
    }

    /// The integer a pragma such as `user_version` or `application_id` reads as.
    func pragma(_ name: String) throws(DomainError) -> Int {
        try withStatement("PRAGMA \(name)") { statement throws(DomainError) in
            try statement.firstRow { $0.int(0) } ?? 0
        }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { handle.map { Int(csqlite_changes64($0)) } ?? 0 }

    /// The rowid of the last INSERT.
    var lastInsertRowID: Int { handle.map { Int(csqlite_last_insert_rowid($0)) } ?? 0 }

    // MARK: Transactions and journal

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`, so the write lock is taken
    /// up front and a busy database fails before any work): committed when `body` returns,
    /// rolled back when it or the commit throws, leaving the database as it was.
    ///
    /// - Precondition: no transaction is open (they do not nest).
    func inTransaction<T>(_ body: () throws(DomainError) -> T) throws(DomainError) -> T {
        precondition(isAutocommit, "SQLiteConnection.inTransaction does not nest")
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // After some errors (a full disk, I/O) SQLite has already rolled back.
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Whether no transaction is open.
    var isAutocommit: Bool { handle.map { csqlite_get_autocommit($0) != 0 } ?? true }

    /// Switches the database to write-ahead logging (readers never block the writer, a commit
    /// is one append to the log) with `synchronous = FULL`: each commit is flushed to disk
    /// (fsync) before it returns, so a committed save survives a power cut as the JSON
    /// store's do, and a crash or kill leaves the old or the new state. Switching the journal
    /// mode writes the file header: call it only on a file known to be yours (on a file
    /// already in WAL mode it writes nothing).
    func enableWriteAheadLog() throws(DomainError) {
        let mode = try withStatement("PRAGMA journal_mode = WAL") { statement throws(DomainError) in
            try statement.firstRow { $0.string(0) } ?? ""
        }
        guard mode.lowercased() == "wal" else {
            throw .storageFailure(path: path, reason: "the database refused write-ahead logging (journal mode \(mode))")
        }
        try execute("PRAGMA synchronous = FULL")
    }

    // MARK: Errors

    /// The error for result `code` of `step`, with SQLite's message for this connection.
    func failure(_ code: Int32, step: String) -> DomainError {
        let message = handle.map { String(cString: csqlite_errmsg($0)) }
        return noted(SQLiteFailure.error(code: code, message: message, step: step, path: path))
    }

    /// `error`, after marking the connection damaged when it says the file is.
    private func noted(_ error: DomainError) -> DomainError {
        if case .corruptStore = error { markDamaged() }
        return error
    }

    // MARK: Damage

    /// Whether the file was found damaged through this connection (`markDamaged()`).
    private(set) var isDamaged = false

    /// Records that the file is damaged, so that closing this connection leaves it exactly as
    /// it is: SQLite's last connection to a file normally copies the write-ahead log into it
    /// and deletes the log (a checkpoint), which would write into the damaged file. Called
    /// by the connection itself for SQLite's corruption codes, and by owners that find damage
    /// above SQLite (a missing row, a failed integrity check). The owner must not write
    /// through it any more.
    func markDamaged() {
        guard !isDamaged else { return }
        isDamaged = true
        if let handle { _ = mvvm_sqlite_no_checkpoint_on_close(handle) }
    }

    private func openHandle() throws(DomainError) -> OpaquePointer {
        guard let handle else {
            throw .storageFailure(path: path, reason: "the database connection is closed")
        }
        return handle
    }

    private static func abbreviated(_ sql: String) -> String {
        let line = sql.split(separator: "\n").first.map(String.init) ?? sql
        return line.count > 60 ? line.prefix(60) + "…" : line
    }
}
