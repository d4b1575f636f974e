import FoundationEssentials

/// A `UserRepository` and `PostRepository` kept in a SQLite database (the system's
/// libsqlite3), meant for large data: paging, lookups and saves cost the same at a thousand
/// and at a million users.
///
/// - The file is opened on first use. A missing file is created atomically (built in a hidden
///   temporary file, then linked into place) from `fillConfiguration`'s sample data in one
///   transaction, or empty when that is `nil`.
/// - Before anything is written the file is inspected read-only (`SQLiteStoreFile`): one
///   that is not a SQLite database, belongs to another application (`application_id`), has a
///   newer schema (`user_version`) or lacks our tables gives `DomainError.corruptStore` from
///   every call and is never modified. An older schema is migrated in one transaction, after
///   an integrity check.
/// - Damage found later (a page SQLite finds malformed, the file truncated or overwritten by
///   another program while open) gives `corruptStore` from that call, and the file is never
///   written again by this repository: the connection is closed without copying its
///   write-ahead log into the file, and every later call, reads and saves alike, fails with
///   the same reason until the file at the path is a different one (replaced, restored,
///   removed; see `FileIdentity`). A replaced file is checked whole (`PRAGMA quick_check`)
///   before its first write.
/// - Pages are read with `read(2)`, not through a memory map: a file truncated by another
///   process while mapped turns the next read of a lost page into SIGBUS, which kills the
///   host. With reads, the same truncation is an error of that call.
/// - Every save (`update`, `setLiked`) is one transaction in write-ahead-log mode, flushed to
///   disk before it returns: a crash or a kill leaves the old or the new data, and a failed
///   save changes nothing.
/// - Pages are key ranges over a dense ordinal (users are never inserted or deleted through
///   the API), statements are prepared once, and name search uses a trigram index (see
///   `SQLiteNameSearch`).
/// - It is an actor on its own dispatch queue, like `JSONFileRepository`: SQLite's I/O never
///   runs on the caller's thread or Swift's cooperative pool.
public actor SQLiteRepository: UserRepository, PostRepository {
    /// The database file.
    public nonisolated let fileURL: URL
    /// How many users one page holds.
    public nonisolated let pageSize: Int
    /// What a missing file is filled with: this sample data, or nothing when `nil`.
    public nonisolated let fillConfiguration: SampleDataConfiguration?

    private let executor: DispatchQueueExecutor
    /// Whether the database is open, not yet opened, or found damaged.
    private var state = State.closed(checkWhole: false)

    private enum State {
        /// Not opened yet, or closed after a failure: the next call opens the file.
        /// `checkWhole` asks for an integrity check of the whole file before it is used
        /// (after damage, for the file that replaced the damaged one).
        case closed(checkWhole: Bool)
        case open(SQLiteStore)
        /// Found damaged (`reason`) while it was `file`; refused while the path names that
        /// same, unchanged file.
        case damaged(reason: String, file: FileIdentity?)
    }

    /// Runs the actor on its private queue (see `DispatchQueueExecutor`).
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// A repository over the database at `fileURL`. Nothing is read until the first call.
    ///
    /// - Parameters:
    ///   - fileURL: a `file:` URL; the file and its directory are created if missing.
    ///   - pageSize: users per page, at least 1.
    ///   - fillConfiguration: the sample data a missing file is filled with; `nil` starts empty.
    public init(fileURL: URL, pageSize: Int = 20, fillConfiguration: SampleDataConfiguration? = nil) {
        precondition(fileURL.isFileURL, "SQLiteRepository needs a file URL, got \(fileURL)")
        precondition(pageSize >= 1, "pageSize must be at least 1")
        self.fileURL = fileURL.standardizedFileURL
        self.pageSize = pageSize
        self.fillConfiguration = fillConfiguration
        self.executor = DispatchQueueExecutor(label: "mvvm.SQLiteRepository")
    }

    /// Inspects the file at `fileURL` now, synchronously and read-only: lets a caller refuse a
    /// corrupt, foreign or newer store up front instead of at the first fetch. A missing file
    /// is fine (it is created on first use).
    public static func preflight(fileURL: URL) throws(DomainError) {
        _ = try SQLiteStoreFile.inspect(path: fileURL.standardizedFileURL.path)
    }

    // MARK: UserRepository

    /// The 1-based `page` of users in list order: one key-range read.
    ///
    /// - Throws: `DomainError.notFound` past the last page, `.invalidInput` for `page < 1`,
    ///   `.corruptStore`/`.storageFailure` if the file cannot be used, or `CancellationError`.
    public func fetchUsers(page: Int) async throws -> UserPage {
        try Task.checkCancellation()
        return try run { store throws(DomainError) in try store.usersPage(page) }
    }

    /// The user with `id`.
    ///
    /// - Throws: `DomainError.notFound`, a store error, or `CancellationError`.
    public func fetchUser(id: User.ID) async throws -> User {
        try Task.checkCancellation()
        return try run { store throws(DomainError) in try store.user(id: id) }
    }

    /// The 1-based `page` of the users whose name contains `query`, ignoring case, in list
    /// order; a blank query matches nobody. Uses the trigram index for ASCII queries of three
    /// or more characters (see `SQLiteNameSearch` for the rest).
    ///
    /// - Throws: `DomainError.notFound` past the last page, `.invalidInput` for `page < 1`,
    ///   a store error, or `CancellationError`.
    public func searchUsers(query: String, page: Int) async throws -> UserPage {
        try Task.checkCancellation()
        return try run { store throws(DomainError) in try store.searchUsers(query: query, page: page) }
    }

    /// Writes `user` over the stored user with the same id in one transaction and returns it
    /// once committed.
    ///
    /// - Throws: `DomainError.notFound` for an unknown id, `.invalidInput` for a blank name,
    ///   `.storageFailure` if the write fails (nothing changes then), a store error, or
    ///   `CancellationError` (checked before anything is written).
    public func update(_ user: User) async throws -> User {
        try Task.checkCancellation()
        return try run { store throws(DomainError) in try store.update(user) }
    }

    // MARK: PostRepository

    /// The post with `id`, with its author's current details and its comment count.
    public func fetchPost(id: Post.ID) async throws -> Post {
        try Task.checkCancellation()
        return try run { store throws(DomainError) in try store.post(id: id) }
    }

    /// The comments of post `postId`, oldest first.
    public func fetchComments(postId: Post.ID) async throws -> [Comment] {
        try Task.checkCancellation()
        return try run { store throws(DomainError) in try store.comments(postId: postId) }
    }

    /// Sets the current user's like on post `postId` in one transaction and returns the
    /// stored post; the count moves by exactly one on a change, and the state the post is
    /// already in changes nothing.
    public func setLiked(_ liked: Bool, postId: Post.ID) async throws -> Post {
        try Task.checkCancellation()
        return try run { store throws(DomainError) in try store.setLiked(liked, postId: postId) }
    }

    // MARK: Opening

    /// How many pages SQLite keeps in memory for this connection (negative: KiB), so the
    /// inner B-tree pages of a large store stay cached between calls.
    private static let cacheKibibytes = 16 * 1024

    /// Runs `body` on the open store. Damage found by `body` closes the store without
    /// writing to the file and refuses the file from then on (see `State.damaged`).
    private func run<T>(_ body: (SQLiteStore) throws(DomainError) -> T) throws(DomainError) -> T {
        let store = try openedStore()
        do {
            return try body(store)
        } catch {
            if case let .corruptStore(_, reason) = error { closeDamaged(store.db, reason: reason) }
            throw error
        }
    }

    /// Closes `db` without a checkpoint and remembers which file was damaged.
    private func closeDamaged(_ db: SQLiteConnection, reason: String) {
        db.markDamaged()
        db.close()
        state = .damaged(reason: reason, file: FileIdentity(path: fileURL.path))
    }

    private func openedStore() throws(DomainError) -> SQLiteStore {
        let path = fileURL.path
        let checkWhole: Bool
        switch state {
        case let .open(store):
            return store
        case let .closed(check):
            checkWhole = check
        case let .damaged(reason, file):
            if let current = FileIdentity(path: path), current == file {
                throw .corruptStore(
                    path: path,
                    reason: "it was found damaged (\(reason)) and is left as it is until it is replaced")
            }
            checkWhole = true
            state = .closed(checkWhole: true)
        }
        var found = try SQLiteStoreFile.inspect(path: path)
        // Creators killed mid-build leave their temporary file behind; tidy up once per open.
        SQLiteStoreFile.removeAbandonedTemporaryFiles(path: path)
        if found == .missing {
            let fill = fillConfiguration
            try SQLiteStoreFile.create(path: path) { db throws(DomainError) in
                if let fill { try SQLiteSampleFill.fill(db, from: fill) }
            }
            found = try SQLiteStoreFile.inspect(path: path)
        }
        guard case let .ours(version, usesWriteAheadLog) = found else {
            throw .storageFailure(path: path, reason: "the database was not created")
        }
        let db = try SQLiteConnection(path: path, mode: .readWrite)
        do {
            let opened = try prepare(db, version: version, usesWriteAheadLog: usesWriteAheadLog, checkWhole: checkWhole)
            state = .open(opened)
            return opened
        } catch {
            if case let .corruptStore(_, reason) = error { closeDamaged(db, reason: reason) }
            throw error
        }
    }

    /// Makes the freshly opened `db` ready: checked, in WAL mode, migrated.
    private func prepare(
        _ db: SQLiteConnection, version: Int, usesWriteAheadLog: Bool, checkWhole: Bool
    ) throws(DomainError) -> SQLiteStore {
        if checkWhole || version < SQLiteSchema.currentVersion || !usesWriteAheadLog {
            // About to write to a file this library did not leave in this state: check it all.
            try SQLiteStoreFile.checkIntegrity(of: db)
        }
        try db.enableWriteAheadLog()  // writes only when the file is not in WAL mode yet
        try db.execute("PRAGMA cache_size = -\(Self.cacheKibibytes)")
        if version < SQLiteSchema.currentVersion {
            try db.inTransaction { () throws(DomainError) in
                // Read again under the write lock: another process may have migrated it.
                let locked = try SQLiteStoreFile.checkedVersion(of: db)
                for step in SQLiteSchema.migrations[locked...] { try db.execute(step) }
                try db.execute("PRAGMA user_version = \(SQLiteSchema.currentVersion)")
            }
        }
        return try SQLiteStore(db: db, pageSize: pageSize)
    }
}
