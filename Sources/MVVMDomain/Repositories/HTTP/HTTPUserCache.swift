import FoundationEssentials

/// The SQLite file an `HTTPRepository` keeps the user pages it fetched in, so a list can show
/// the last known rows at once (stale-while-revalidate) and also when the server is away.
///
/// Best effort by design: the server is the truth, so once the file is open a failed cache
/// read is a miss and a failed write is dropped; neither fails the request that caused it.
/// An actor on its own queue: SQLite blocks, and the connection has one owner.
///
/// Tables: `users(id, name, email)`, `pages(page, total_pages)` and
/// `page_users(page, position, user_id)`, so an edited user shows edited on every cached
/// page. The file is marked with `application_id` so a database of something else is refused
/// instead of written into.
public actor HTTPUserCache {
    /// `PRAGMA application_id` of a cache file: "mvhc".
    static let applicationID = 0x6D76_6863
    static let schemaVersion = 1

    /// The file's path.
    public nonisolated let path: String
    private let connection: SQLiteConnection
    private let executor: DispatchQueueExecutor

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Opens the cache at `path`, creating the file and its tables when missing.
    ///
    /// - Throws: `DomainError.storageFailure` when the file cannot be opened or created,
    ///   `.corruptStore` when it is not a database or is another program's database.
    public init(path: String) throws(DomainError) {
        self.path = path
        executor = DispatchQueueExecutor(label: "mvvm.HTTPUserCache")
        connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        try Self.prepare(connection, path: path)
    }

    private static func prepare(_ db: SQLiteConnection, path: String) throws(DomainError) {
        let application = try db.pragma("application_id")
        let version = try db.pragma("user_version")
        if application == 0 && version == 0 {
            let tables = try db.withStatement("SELECT count(*) FROM sqlite_master") {
                statement throws(DomainError) in try statement.firstRow { $0.int(0) } ?? 0
            }
            guard tables == 0 else {
                throw .corruptStore(path: path, reason: "it is a database of something else, not a cache")
            }
            try db.enableWriteAheadLog()
            try db.inTransaction { () throws(DomainError) in
                try db.execute(
                    """
                    CREATE TABLE users(id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL);
                    CREATE TABLE pages(page INTEGER PRIMARY KEY, total_pages INTEGER NOT NULL);
                    CREATE TABLE page_users(page INTEGER NOT NULL, position INTEGER NOT NULL,
                        user_id INTEGER NOT NULL, PRIMARY KEY(page, position));
                    PRAGMA application_id = \(applicationID);
                    PRAGMA user_version = \(schemaVersion);
                    """)
            }
        } else if application != applicationID {
            throw .corruptStore(path: path, reason: "it is a database of something else, not a cache")
        } else if version != schemaVersion {
            throw .corruptStore(
                path: path, reason: "it has cache format \(version), but only \(schemaVersion) is supported")
        } else {
            try db.enableWriteAheadLog()
        }
    }

    /// The cached page `page`, or `nil` when it was never stored (or cannot be read).
    public func page(_ page: Int) -> UserPage? {
        let db = connection
        return try? db.withStatement("SELECT total_pages FROM pages WHERE page = ?") {
            statement throws(DomainError) -> UserPage? in
            try statement.bind(page)
            guard let totalPages = try statement.firstRow({ $0.int(0) }) else { return nil }
            let users = try db.withStatement(
                """
                SELECT u.id, u.name, u.email FROM page_users p JOIN users u ON u.id = p.user_id
                WHERE p.page = ? ORDER BY p.position
                """
            ) { rows throws(DomainError) in
                try rows.bind(page)
                return try rows.rows { User(id: $0.int(0), name: $0.string(1), email: $0.string(2)) }
            }
            return UserPage(users: users, page: page, totalPages: max(1, totalPages))
        } ?? nil
    }

    /// Remembers `page` as the server just sent it, replacing what was cached for it.
    public func store(_ page: UserPage) {
        let db = connection
        try? db.inTransaction { () throws(DomainError) in
            for user in page.users { try Self.upsert(user, in: db) }
            try db.withStatement("DELETE FROM page_users WHERE page = ?") { s throws(DomainError) in
                try s.bind(page.page)
                try s.run()
            }
            for (position, user) in page.users.enumerated() {
                try db.withStatement("INSERT INTO page_users(page, position, user_id) VALUES (?, ?, ?)") {
                    s throws(DomainError) in
                    try s.bind(page.page, position, user.id)
                    try s.run()
                }
            }
            try db.withStatement("INSERT OR REPLACE INTO pages(page, total_pages) VALUES (?, ?)") {
                s throws(DomainError) in
                try s.bind(page.page, page.totalPages)
                try s.run()
            }
        }
    }

    /// Remembers `user` as the server stored it (after an edit).
    public func store(_ user: User) {
        let db = connection
        try? db.inTransaction { () throws(DomainError) in try Self.upsert(user, in: db) }
    }

    private static func upsert(_ user: User, in db: SQLiteConnection) throws(DomainError) {
        try db.withStatement("INSERT OR REPLACE INTO users(id, name, email) VALUES (?, ?, ?)") {
            s throws(DomainError) in
            try s.bind(user.id, user.name, user.email)
            try s.run()
        }
    }
}
