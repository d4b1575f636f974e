import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides whether a database file may be used by `SQLiteRepository`, without writing to it,
/// and creates missing ones atomically.
///
/// Nothing is written to a file until `inspect` has accepted it: first the 100-byte header
/// is read with plain `read(2)` (SQLite's magic string and our `application_id`, so a file
/// that is not a database, or another program's database, never reaches SQLite), then a
/// read-only SQLite connection reads `user_version` and the table list.
enum SQLiteStoreFile {
    /// What `inspect` found.
    enum State: Equatable {
        /// No file at the path.
        case missing
        /// One of ours at `version` (at most `SQLiteSchema.currentVersion`); `usesWriteAheadLog`
        /// says whether opening it for writing changes nothing (otherwise the journal mode is
        /// switched, which writes the header).
        case ours(version: Int, usesWriteAheadLog: Bool)
    }

    /// What the file at `path` is.
    ///
    /// - Throws: `DomainError.corruptStore` for a file that is unreadable, not a SQLite
    ///   database, another application's database, of a newer schema version, or missing our
    ///   tables. The file is not modified.
    static func inspect(path: String) throws(DomainError) -> State {
        func corrupt(_ reason: String) -> DomainError { .corruptStore(path: path, reason: reason) }
        var status = stat()
        if stat(path, &status) != 0 {
            let code = errno
            if code == ENOENT { return .missing }
            throw corrupt("the file could not be examined: \(String(cString: strerror(code)))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw corrupt("it is not a regular file") }
        let header = try readHeader(path: path)
        guard header.count == 100 else {
            throw corrupt(
                header.isEmpty
                    ? "the file is empty"
                    : "the file is \(header.count) bytes long, too short for a SQLite database")
        }
        guard header.prefix(16).elementsEqual(Array("SQLite format 3\0".utf8)) else {
            throw corrupt("it is not a SQLite database (its header lacks SQLite's signature)")
        }
        let applicationID = bigEndianInt32(header, at: 68)
        guard applicationID == SQLiteSchema.applicationID else {
            throw corrupt(
                "it is a SQLite database of another application "
                    + "(application_id \(hex(applicationID)), expected \(hex(SQLiteSchema.applicationID)))")
        }
        let db = try SQLiteConnection(path: path, mode: .readOnly)
        defer { db.close() }
        let version = try checkedVersion(of: db)
        // Header bytes 18 and 19 are 2 in write-ahead-log mode.
        return .ours(version: version, usesWriteAheadLog: header[18] == 2 && header[19] == 2)
    }

    /// The schema version of `db`, after checking it is ours, not newer, and has its tables.
    /// Reads only; used again inside the opening transaction.
    static func checkedVersion(of db: SQLiteConnection) throws(DomainError) -> Int {
        func corrupt(_ reason: String) -> DomainError { .corruptStore(path: db.path, reason: reason) }
        let applicationID = Int32(truncatingIfNeeded: try db.pragma("application_id"))
        guard applicationID == SQLiteSchema.applicationID else {
            throw corrupt("it is a SQLite database of another application (application_id \(hex(applicationID)))")
        }
        let version = try db.pragma("user_version")
        guard version <= SQLiteSchema.currentVersion else {
            throw corrupt(
                "it has schema version \(version), written by a newer version of this "
                    + "library (this one reads up to version \(SQLiteSchema.currentVersion))")
        }
        guard version >= 1 else { throw corrupt("it has schema version \(version), which no writer produces") }
        let tables = try db.withStatement(
            "SELECT name FROM sqlite_schema WHERE type = 'table'"
        ) { statement throws(DomainError) in try statement.rows { $0.string(0) } }
        let missing = SQLiteSchema.requiredTables.filter { !tables.contains($0) }
        guard missing.isEmpty else {
            throw corrupt("its table \(missing.joined(separator: ", ")) is missing")
        }
        return version
    }

    /// Checks every page and index of `db` (`PRAGMA quick_check`, O(file size)): run before
    /// the first write to a file that is not in the state this library leaves its files in.
    static func checkIntegrity(of db: SQLiteConnection) throws(DomainError) {
        let problems = try db.withStatement("PRAGMA quick_check(3)") { statement throws(DomainError) in
            try statement.rows { $0.string(0) }
        }
        guard problems == ["ok"] else {
            throw .corruptStore(path: db.path, reason: "its integrity check failed: \(problems.joined(separator: "; "))")
        }
    }

    // MARK: Creating

    /// Creates the database at `path` atomically: it is built in a hidden temporary file in
    /// the same directory (`build` runs on it, inside one transaction, after the current
    /// schema's tables exist but before the search index is filled), switched to write-ahead
    /// logging, flushed to disk, and only then linked to `path`. A crash leaves either no file
    /// or a complete one; if another process created `path` meanwhile, its file wins and ours
    /// is discarded.
    ///
    /// - Throws: `DomainError.storageFailure` when the directory or the file cannot be
    ///   written; nothing is left behind then.
    static func create(
        path: String, build: (SQLiteConnection) throws(DomainError) -> Void
    ) throws(DomainError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        if let reason = Directory.create(directory.path) {
            throw .storageFailure(path: path, reason: "its directory could not be created: \(reason)")
        }
        // Locked while it is built, so a cleaner in another process leaves it alone. A cleaner
        // may take it for abandoned between its creation and the lock: then start again.
        var temporary = ""
        var lock: Int32 = -1
        for attempt in 1...TemporaryFileAttempts.limit {
            temporary =
                directory.appendingPathComponent(
                    ".\(url.lastPathComponent).\(UUID().uuidString)\(temporarySuffix)"
                ).path
            lock = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard lock >= 0 else {
                throw .storageFailure(path: path, reason: "a temporary file could not be created: \(String(cString: strerror(errno)))")
            }
            _ = flock(lock, LOCK_EX)
            var status = stat()
            if fstat(lock, &status) == 0, status.st_nlink == 0, attempt < TemporaryFileAttempts.limit {
                close(lock)
                continue
            }
            break
        }
        defer {
            removeWithCompanions(temporary)
            close(lock)
        }
        do {
            let db = try SQLiteConnection(path: temporary, mode: .readWriteCreate)
            defer { db.close() }
            // No journal while building: the file is not visible until it is complete, and a
            // failed build is thrown away whole.
            try db.execute("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -65536")
            try db.inTransaction { () throws(DomainError) in
                try db.execute("PRAGMA application_id = \(SQLiteSchema.applicationID)")
                try db.execute(SQLiteSchema.migrations[0])
                try build(db)
                for step in SQLiteSchema.migrations.dropFirst() { try db.execute(step) }
                try db.execute("PRAGMA user_version = \(SQLiteSchema.currentVersion)")
            }
            try db.enableWriteAheadLog()
            db.close()  // checkpoints and removes the (empty) log
        } catch {
            throw storageFailure(error, path: path)
        }
        try flush(path: temporary, target: path)
        // link, unlike rename, never replaces a file another process created meanwhile.
        if link(temporary, path) != 0 {
            let code = errno
            if code == EEXIST { return }
            throw .storageFailure(path: path, reason: "the new database could not be put in place: \(String(cString: strerror(code)))")
        }
        try flush(path: directory.path, target: path)
    }

    private static let temporarySuffix = ".creating"

    /// Removes what creators killed mid-build left beside `path` (".<name>.<UUID>.creating" and
    /// its SQLite companions); a file still being built is locked and kept. Best effort.
    static func removeAbandonedTemporaryFiles(path: String) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(temporarySuffix) {
            let middle = name.dropFirst(prefix.count).dropLast(temporarySuffix.count)
            guard UUID(uuidString: String(middle)) != nil else { continue }
            let temporary = Directory.path(of: name, in: directory)
            let descriptor = open(temporary, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { removeWithCompanions(temporary) }
        }
    }

    /// Unlinks `file` and the journal, log and shared-memory files SQLite keeps beside it.
    private static func removeWithCompanions(_ file: String) {
        for suffix in ["-journal", "-wal", "-shm", ""] { unlink(file + suffix) }
    }

    /// A build failure as a storage failure of `path` (the temporary file's own path and
    /// SQLite's reason are kept in the text).
    private static func storageFailure(_ error: DomainError, path: String) -> DomainError {
        switch error {
        case let .storageFailure(_, reason), let .corruptStore(_, reason):
            return .storageFailure(path: path, reason: "creating it failed: \(reason)")
        default:
            return error
        }
    }

    /// fsync of a file or directory.
    private static func flush(path: String, target: String) throws(DomainError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .storageFailure(path: target, reason: "flushing \(path) failed: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw .storageFailure(path: target, reason: "flushing \(path) failed: \(String(cString: strerror(errno)))")
        }
    }

    // MARK: Header

    /// Up to the first 100 bytes of the file (fewer only when the file is shorter).
    private static func readHeader(path: String) throws(DomainError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .corruptStore(path: path, reason: "the file could not be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        var filled = 0
        while filled < header.count {
            let count = header.withUnsafeMutableBytes { bytes in
                read(descriptor, bytes.baseAddress! + filled, bytes.count - filled)
            }
            if count > 0 {
                filled += count
            } else if count == 0 {
                break
            } else if errno != EINTR {
                throw .corruptStore(path: path, reason: "the file could not be read: \(String(cString: strerror(errno)))")
            }
        }
        return Array(header.prefix(filled))
    }

    private static func bigEndianInt32(_ bytes: [UInt8], at offset: Int) -> Int32 {
        Int32(bitPattern: bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }

    private static func hex(_ value: Int32) -> String {
        "0x" + String(UInt32(bitPattern: value), radix: 16, uppercase: true)
    }
}
