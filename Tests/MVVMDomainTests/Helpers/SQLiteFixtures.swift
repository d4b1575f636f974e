import Foundation
import XCTest

@testable import MVVMDomain

/// Database files for the SQLite repository tests: ours at an older version, foreign ones,
/// damaged ones, and the bytes of a file to prove it was left alone.
enum SQLiteFixtures {
    /// A database of ours at schema version 1 (before the search index), with `users`.
    static func makeVersion1Store(at path: String, users: [User]) throws {
        let db = try SQLiteConnection(path: path, mode: .readWriteCreate)
        defer { db.close() }
        try db.execute("PRAGMA application_id = \(SQLiteSchema.applicationID)")
        try db.execute(SQLiteSchema.migrations[0])
        for (offset, user) in users.enumerated() {
            try db.withStatement("INSERT INTO users(ordinal, id, name, email) VALUES (?, ?, ?, ?)") { s throws(DomainError) in
                try s.bind(offset + 1, user.id, user.name, user.email)
                try s.run()
            }
        }
        try db.execute("PRAGMA user_version = 1")
    }

    /// A valid SQLite database of another application.
    static func makeForeignDatabase(at path: String) throws {
        let db = try SQLiteConnection(path: path, mode: .readWriteCreate)
        defer { db.close() }
        try db.execute("PRAGMA application_id = 1234; CREATE TABLE users(x); INSERT INTO users VALUES (1)")
    }

    /// Overwrites the file from byte `offset` to its end with a fixed pattern, in place (the
    /// same inode, as a program writing into it would), leaving its write-ahead log alone.
    static func overwriteInPlace(_ path: String, from offset: Int) throws {
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        let size = Int(try handle.seekToEnd())
        try handle.seek(toOffset: UInt64(offset))
        try handle.write(contentsOf: Data(repeating: 0x5A, count: max(0, size - offset)))
        try handle.synchronize()
    }

    /// The file's bytes, with those of its `-wal` file when there is one.
    static func bytes(of path: String) throws -> Data {
        let main = try Data(contentsOf: URL(fileURLWithPath: path))
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data()
        return main + wal
    }
}
