import Foundation
import XCTest

@testable import MVVMDomain

final class SQLiteConnectionTests: TemporaryDirectoryTestCase {
    private var path: String { directory.file("test.sqlite").path }

    private func makeTable() throws -> SQLiteConnection {
        let db = try SQLiteConnection(path: path, mode: .readWriteCreate)
        try db.enableWriteAheadLog()
        try db.execute("CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT NOT NULL, weight REAL)")
        return db
    }

    private func names(_ db: SQLiteConnection) throws -> [String] {
        try db.withStatement("SELECT name FROM items ORDER BY id") { statement throws(DomainError) in
            try statement.rows { $0.string(0) }
        }
    }

    private func insert(_ db: SQLiteConnection, _ id: Int, _ name: String) throws(DomainError) {
        try db.withStatement("INSERT INTO items(id, name) VALUES (?, ?)") { statement throws(DomainError) in
            try statement.bind(id, name)
            try statement.run()
        }
    }

    func test_valuesBound_readBackWithTheirTypes() throws {
        let db = try makeTable()
        try db.withStatement("INSERT INTO items VALUES (?, ?, ?)") { statement throws(DomainError) in
            try statement.bind(1, "Grüße, \u{1F600}", 2.5)
            try statement.run()
        }
        let row = try db.withStatement("SELECT id, name, weight FROM items") { statement throws(DomainError) in
            try statement.firstRow { ($0.int(0), $0.string(1), $0.double(2)) }
        }
        XCTAssertEqual(row?.0, 1)
        XCTAssertEqual(row?.1, "Grüße, \u{1F600}")
        XCTAssertEqual(row?.2, 2.5)
    }

    func test_aCachedStatement_runsAgainWithNewBindings() throws {
        let db = try makeTable()
        for id in 1...3 { try insert(db, id, "item \(id)") }
        XCTAssertEqual(try names(db), ["item 1", "item 2", "item 3"])
    }

    func test_aTransaction_thatThrows_isRolledBack() throws {
        let db = try makeTable()
        try insert(db, 1, "kept")
        XCTAssertThrowsError(
            try db.inTransaction { () throws(DomainError) in
                try insert(db, 2, "dropped")
                try insert(db, 1, "duplicate key")  // fails: the whole transaction goes
            }
        ) { error in
            guard case .storageFailure(_, let reason) = error as? DomainError else {
                return XCTFail("expected a storage failure, got \(error)")
            }
            XCTAssertTrue(reason.contains("UNIQUE constraint failed"), reason)
        }
        XCTAssertEqual(try names(db), ["kept"])
        XCTAssertTrue(db.isAutocommit)
    }

    func test_aTransaction_thatReturns_isCommitted_andSeenByANewConnection() throws {
        let db = try makeTable()
        try db.inTransaction { () throws(DomainError) in
            try insert(db, 1, "a")
            try insert(db, 2, "b")
        }
        db.close()
        XCTAssertEqual(try names(SQLiteConnection(path: path, mode: .readOnly)), ["a", "b"])
    }

    func test_aReadOnlyConnection_refusesToWrite() throws {
        try makeTable().close()
        let db = try SQLiteConnection(path: path, mode: .readOnly)
        XCTAssertThrowsError(try insert(db, 1, "x")) { error in
            guard case .storageFailure(_, let reason) = error as? DomainError else {
                return XCTFail("expected a storage failure, got \(error)")
            }
            XCTAssertTrue(reason.contains("readonly"), reason)
        }
    }

    func test_openingAMissingFile_withoutCreate_failsAndCreatesNothing() throws {
        XCTAssertThrowsError(try SQLiteConnection(path: path, mode: .readWrite))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func test_aFileThatIsNotADatabase_isACorruptStore() throws {
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        let db = try SQLiteConnection(path: path, mode: .readOnly)
        XCTAssertThrowsError(try db.pragma("user_version")) { error in
            guard case .corruptStore = error as? DomainError else {
                return XCTFail("expected a corrupt store, got \(error)")
            }
        }
    }

    func test_aClosedConnection_failsInsteadOfCrashing() throws {
        let db = try makeTable()
        db.close()
        XCTAssertThrowsError(try names(db))
        XCTAssertThrowsError(try db.execute("SELECT 1"))
    }

    func test_pragmas_readAsIntegers() throws {
        let db = try makeTable()
        try db.execute("PRAGMA user_version = 7")
        XCTAssertEqual(try db.pragma("user_version"), 7)
    }
}
