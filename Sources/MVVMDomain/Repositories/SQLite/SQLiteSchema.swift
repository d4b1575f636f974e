/// The layout of a `SQLiteRepository` database and the migrations between its versions.
///
/// A file is recognised as ours by `PRAGMA application_id` (`applicationID`, "MVVM") and its
/// layout version is `PRAGMA user_version`: version `n` is what `migrations[0..<n]` produce.
/// A file with a newer version than `currentVersion` was written by a newer library and is
/// refused untouched.
enum SQLiteSchema {
    /// "MVVM" in ASCII, stored big-endian at byte 68 of the file header.
    static let applicationID: Int32 = 0x4D56_564D

    /// The version this library writes and reads.
    static var currentVersion: Int { migrations.count }

    /// The tables every version has, checked before a file is used.
    static let requiredTables = ["users", "posts", "comments"]

    /// Whether a name has only ASCII characters, in SQL: its UTF-8 byte count equals its
    /// character count. (A name with a NUL counts as non-ASCII, which only sends it down the
    /// exact Swift path.) Used by the partial index and the trigram triggers alike, so the
    /// query planner matches the partial index's expression textually.
    static let nameIsASCII = "length(CAST(name AS BLOB)) = length(name)"
    static let nameIsNotASCII = "length(CAST(name AS BLOB)) <> length(name)"

    /// Step `i` takes a database from version `i` to `i + 1`; each runs inside the
    /// transaction that also sets `user_version`.
    static let migrations: [String] = [
        // 1: users (a dense ordinal 1...n is the list order, so page n is a key range),
        // posts and comments. Dates are seconds since 1970.
        """
        CREATE TABLE users(
            ordinal INTEGER PRIMARY KEY,
            id INTEGER NOT NULL UNIQUE,
            name TEXT NOT NULL,
            email TEXT NOT NULL
        ) STRICT;
        CREATE TABLE posts(
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            author_id INTEGER NOT NULL REFERENCES users(id),
            created_at REAL NOT NULL,
            likes_count INTEGER NOT NULL,
            liked_by_current_user INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE comments(
            id INTEGER PRIMARY KEY,
            post_id INTEGER NOT NULL REFERENCES posts(id),
            author_name TEXT NOT NULL,
            body TEXT NOT NULL
        ) STRICT;
        CREATE INDEX comments_by_post ON comments(post_id, id);
        """,
        // 2: the name search index. ASCII names go into an FTS5 trigram index (LIKE
        // '%query%' on it is ASCII-case-insensitive, exactly the protocol's rule for ASCII
        // text); the few non-ASCII names are listed by a partial index and matched in Swift.
        // 'optimize' merges the bulk load's segments into one now: left alone, FTS5 would
        // merge them a little at every later write, making each save write (and flush) far
        // more pages at 100 000 users than at 1 000.
        """
        CREATE INDEX users_with_non_ascii_names ON users(ordinal) WHERE \(nameIsNotASCII);
        CREATE VIRTUAL TABLE user_name_trigrams USING fts5(
            name, content = 'users', content_rowid = 'ordinal', tokenize = 'trigram', detail = 'none'
        );
        INSERT INTO user_name_trigrams(rowid, name) SELECT ordinal, name FROM users WHERE \(nameIsASCII);
        INSERT INTO user_name_trigrams(user_name_trigrams) VALUES ('optimize');
        CREATE TRIGGER users_name_changed AFTER UPDATE OF name ON users BEGIN
            INSERT INTO user_name_trigrams(user_name_trigrams, rowid, name)
                SELECT 'delete', old.ordinal, old.name
                WHERE length(CAST(old.name AS BLOB)) = length(old.name);
            INSERT INTO user_name_trigrams(rowid, name)
                SELECT new.ordinal, new.name
                WHERE length(CAST(new.name AS BLOB)) = length(new.name);
        END;
        """,
    ]
}
