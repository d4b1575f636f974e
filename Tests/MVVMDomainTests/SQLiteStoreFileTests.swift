import Foundation
import MVVMTestSupport
import XCTest

@testable import MVVMDomain

/// Files `SQLiteRepository` must refuse without touching, and the migration of older ones.
final class SQLiteStoreFileTests: TemporaryDirectoryTestCase {
    private var path: String { directory.file("store.sqlite").path }

    private func makeSUT() -> SQLiteRepository {
        SQLiteRepository(
            fileURL: URL(fileURLWithPath: path), pageSize: 10,
            fillConfiguration: SampleDataConfiguration(userCount: 30, pageSize: 10, postCount: 2))
    }

    /// Every call and the preflight fail with a corrupt-store error whose reason contains
    /// `reason`, and the file's bytes stay the same.
    private func assertRefusedUntouched(_ reason: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        let before = try SQLiteFixtures.bytes(of: path)
        let sut = makeSUT()
        let errors: [(any Error)?] = [
            await errorThrown { try await sut.fetchUsers(page: 1) },
            await errorThrown { try await sut.update(User(id: 1, name: "X", email: "x")) },
            await errorThrown { try await sut.setLiked(true, postId: 1) },
            await errorThrown { try await sut.searchUsers(query: "ada", page: 1) },
            await errorThrown { try SQLiteRepository.preflight(fileURL: URL(fileURLWithPath: self.path)) },
        ]
        for error in errors {
            guard case let .corruptStore(errorPath, text) = error as? DomainError else {
                XCTFail("expected a corrupt store, got \(String(describing: error))", file: file, line: line)
                continue
            }
            XCTAssertEqual(errorPath, path, file: file, line: line)
            XCTAssertTrue(text.contains(reason), "\(text) lacks \(reason)", file: file, line: line)
        }
        XCTAssertEqual(try SQLiteFixtures.bytes(of: path), before, "the file changed", file: file, line: line)
    }

    func test_aFileOfRandomBytes_isRefusedUntouched() async throws {
        var random = SplitMix64(seed: 9, stream: 0, index: 0)
        try Data((0..<8192).map { _ in UInt8(truncatingIfNeeded: random.next()) }).write(to: URL(fileURLWithPath: path))
        try await assertRefusedUntouched("not a SQLite database")
    }

    func test_anEmptyFile_isRefusedUntouched() async throws {
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        try await assertRefusedUntouched("the file is empty")
    }

    func test_aTruncatedStore_isRefusedUntouched() async throws {
        _ = try await makeSUT().fetchUsers(page: 1)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(50).write(to: URL(fileURLWithPath: path))
        try await assertRefusedUntouched("too short")
    }

    func test_aStoreCutAfterItsHeader_isRefusedUntouched() async throws {
        _ = try await makeSUT().fetchUsers(page: 1)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(4096 + 512).write(to: URL(fileURLWithPath: path))
        try await assertRefusedUntouched("malformed")
    }

    func test_anotherApplicationsDatabase_isRefusedUntouched() async throws {
        try SQLiteFixtures.makeForeignDatabase(at: path)
        try await assertRefusedUntouched("another application")
    }

    func test_aNewerSchemaVersion_isRefusedUntouched() async throws {
        _ = try await makeSUT().fetchUsers(page: 1)
        let db = try SQLiteConnection(path: path, mode: .readWrite)
        try db.execute("PRAGMA user_version = \(SQLiteSchema.currentVersion + 1)")
        db.close()
        try await assertRefusedUntouched("newer version")
    }

    func test_aStoreWithoutItsTables_isRefusedUntouched() async throws {
        _ = try await makeSUT().fetchUsers(page: 1)
        let db = try SQLiteConnection(path: path, mode: .readWrite)
        try db.execute("DROP TABLE comments")
        db.close()
        try await assertRefusedUntouched("comments is missing")
    }

    func test_aRepairedFile_isUsedByTheSameRepository() async throws {
        _ = FileManager.default.createFile(atPath: path, contents: Data("junk".utf8))
        let sut = makeSUT()
        _ = await errorThrown { try await sut.fetchUsers(page: 1) }
        try FileManager.default.removeItem(atPath: path)
        let page = try await sut.fetchUsers(page: 3)
        XCTAssertEqual(page.users.last?.id, 30)
    }

    // MARK: Changed by another program while open

    /// A repository over 1,000 users that has saved once, so its write-ahead log holds a page
    /// the file does not.
    private func makeOpenStoreWithASave() async throws -> SQLiteRepository {
        let sut = SQLiteRepository(
            fileURL: URL(fileURLWithPath: path), pageSize: 10,
            fillConfiguration: SampleDataConfiguration(userCount: 1_000, pageSize: 10, postCount: 2))
        _ = try await sut.fetchUsers(page: 1)
        _ = try await sut.update(User(id: 1, name: "Saved Before", email: "s@x"))
        return sut
    }

    /// The reason of a corrupt-store error naming `path`, or a failure.
    private func corruptReason(_ error: (any Error)?, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard case let .corruptStore(errorPath, reason) = error as? DomainError else {
            XCTFail("expected a corrupt store, got \(String(describing: error))", file: file, line: line)
            return ""
        }
        XCTAssertEqual(errorPath, path, file: file, line: line)
        return reason
    }

    func test_aStoreTruncatedWhileOpen_failsTheNextRead_insteadOfKillingTheProcess() async throws {
        let sut = try await makeOpenStoreWithASave()
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        XCTAssertEqual(truncate(path, off_t(size / 2)), 0)

        let error = await errorThrown { try await sut.fetchUsers(page: 100) }

        XCTAssertFalse(corruptReason(error).isEmpty)
    }

    func test_aStoreDamagedWhileOpen_isNeverWrittenAgain_byLaterCalls_orByClosing() async throws {
        var sut: SQLiteRepository? = try await makeOpenStoreWithASave()
        try SQLiteFixtures.overwriteInPlace(path, from: 4096)
        let first = await errorThrown { try await sut!.fetchUsers(page: 100) }
        XCTAssertTrue(corruptReason(first).contains("malformed"), "\(String(describing: first))")
        let damaged = try SQLiteFixtures.bytes(of: path)

        let later: [(any Error)?] = [
            await errorThrown { try await sut!.update(User(id: 2, name: "After Damage", email: "a@x")) },
            await errorThrown { try await sut!.setLiked(true, postId: 1) },
            await errorThrown { try await sut!.fetchUser(id: 1) },
        ]
        sut = nil

        for error in later {
            let reason = corruptReason(error)
            XCTAssertTrue(reason.contains("found damaged"), reason)
            XCTAssertTrue(reason.contains("malformed"), "the first reason is kept: \(reason)")
        }
        XCTAssertEqual(try SQLiteFixtures.bytes(of: path), damaged, "the damaged file or its log changed")
    }

    func test_aDamagedStore_replacedByAnotherFile_isUsedAgain() async throws {
        let sut = try await makeOpenStoreWithASave()
        try SQLiteFixtures.overwriteInPlace(path, from: 4096)
        _ = await errorThrown { try await sut.fetchUsers(page: 100) }
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }

        let page = try await sut.fetchUsers(page: 100)

        XCTAssertEqual(page.users.last?.id, 1_000, "a new file was filled from the sample data")
    }

    func test_aStoredNameHoldingNUL_isRefusedAsDamage_notShownCutShort() async throws {
        _ = try await makeSUT().fetchUsers(page: 1)
        let db = try SQLiteConnection(path: path, mode: .readWrite)
        try db.execute("UPDATE users SET name = 'Nul' || char(0) || 'cut' WHERE id = 2")
        db.close()

        let error = await errorThrown { try await self.makeSUT().fetchUser(id: 2) }

        XCTAssertTrue(corruptReason(error).contains("user 2's name holds U+0000 (NUL)"), "\(String(describing: error))")
    }

    func test_listPositionsBelowOneOrBeyondAnyStore_areRefusedAsDamage_notTrapped() async throws {
        let edits = [(sql: "UPDATE users SET ordinal = -ordinal", highest: -1), ("UPDATE users SET ordinal = \(Int.max) WHERE id = 1", Int.max)]
        for (sql, highest) in edits {
            try? FileManager.default.removeItem(atPath: path)
            _ = try await makeSUT().fetchUsers(page: 1)
            let db = try SQLiteConnection(path: path, mode: .readWrite)
            try db.execute(sql)
            db.close()

            let error = await errorThrown { try await self.makeSUT().fetchUsers(page: 1) }

            XCTAssertTrue(corruptReason(error).contains("positions end at \(highest)"), "\(String(describing: error))")
        }
    }

    func test_aVersion1Store_isMigrated_keepsItsUsers_andSearchUsesTheNewIndex() async throws {
        let users = [
            User(id: 10, name: "Ada Lovelace", email: "a@x"),
            User(id: 11, name: "Grace Hopper", email: "g@x"),
            User(id: 12, name: "Ærøskøbing Ada", email: "n@x"),
        ]
        try SQLiteFixtures.makeVersion1Store(at: path, users: users)
        let sut = makeSUT()
        let page = try await sut.fetchUsers(page: 1)
        XCTAssertEqual(page.users, users)
        let found = try await sut.searchUsers(query: "ADA", page: 1)
        XCTAssertEqual(found.users.map(\.id), [10, 12])
        let db = try SQLiteConnection(path: path, mode: .readOnly)
        XCTAssertEqual(try db.pragma("user_version"), SQLiteSchema.currentVersion)
        let indexed = try db.withStatement(
            "SELECT rowid FROM user_name_trigrams WHERE name LIKE '%ada%'"
        ) { s throws(DomainError) in try s.rows { $0.int(0) } }
        XCTAssertEqual(indexed, [1], "only the ASCII name is in the trigram index")
    }
}
