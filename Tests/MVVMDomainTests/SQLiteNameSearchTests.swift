import Foundation
import MVVMTestSupport
import XCTest

@testable import MVVMDomain

/// The SQLite search gives exactly the sample repository's answers, index or not.
final class SQLiteNameSearchTests: TemporaryDirectoryTestCase {
    private let configuration = SampleDataConfiguration(userCount: 1_500, pageSize: 10, postCount: 0, seed: 11)
    private func makePair() -> (SQLiteRepository, SampleDataStore) {
        (
            SQLiteRepository(fileURL: directory.file("s.sqlite"), pageSize: 10, fillConfiguration: configuration),
            SampleDataStore(configuration: configuration)
        )
    }

    private func allPages(_ fetch: (Int) async throws -> UserPage) async throws -> [UserPage] {
        var pages = [try await fetch(1)]
        while pages.count < pages[0].totalPages { pages.append(try await fetch(pages.count + 1)) }
        return pages
    }

    private let queries = [
        "", "   ", "a", "Z", "an", "aN", "ada", "ADA", "LoVeLaCe", "o h", "Grace Hopper", "ace%", "e_l", "ace_", "nobody at all",
        "%", "_", "a%", "\\", "é", "ß", "Ö", "Øre", "\u{212A}", "ss", "K",
    ]

    func test_everyQuery_givesTheSampleRepositorysPages() async throws {
        let (sqlite, sample) = makePair()
        for query in queries {
            let expected = try await allPages { try await sample.searchUsers(query: query, page: $0) }
            let found = try await allPages { try await sqlite.searchUsers(query: query, page: $0) }
            XCTAssertEqual(found, expected, "query \(query.debugDescription)")
        }
    }

    func test_editedNames_withUnicodeCase_matchLikeTheSampleRepository() async throws {
        let (sqlite, sample) = makePair()
        let edits = [
            User(id: 5, name: "STRASSE Ölmann", email: "1@x"),
            User(id: 6, name: "Straße Weiß", email: "2@x"),
            User(id: 7, name: "\u{212A}elvin Ada", email: "3@x"),  // the Kelvin sign
            User(id: 8, name: "ÉMILE du 100% _", email: "4@x"),
            User(id: 1_499, name: "Ωmega kelvin", email: "5@x"),
            User(id: 9, name: "Plain Ascii Adams", email: "6@x"),
        ]
        for user in edits {
            _ = try await sqlite.update(user)
            _ = try await sample.update(user)
        }
        for query in queries + ["strasse", "STRASSE", "weiss", "kelvin", "ölm", "ÖLM", "émile", "00% _", "ωME", "adams"] {
            let expected = try await allPages { try await sample.searchUsers(query: query, page: $0) }
            let found = try await allPages { try await sqlite.searchUsers(query: query, page: $0) }
            XCTAssertEqual(found, expected, "query \(query.debugDescription)")
        }
    }

    func test_aRenamedUser_matchesByItsNewName_only() async throws {
        let (sqlite, _) = makePair()
        var user = try await sqlite.fetchUser(id: 42)
        let oldName = user.name
        user.name = "Zyxwvut Qqq"
        _ = try await sqlite.update(user)
        let new = try await sqlite.searchUsers(query: "yxwvu", page: 1)
        XCTAssertEqual(new.users, [user])
        let old = try await allPages { try await sqlite.searchUsers(query: oldName, page: $0) }
        XCTAssertFalse(old.flatMap(\.users).contains { $0.id == 42 })
    }

    func test_pagesPastTheLastMatch_areNotFound_andPageZero_isInvalid() async throws {
        let (sqlite, _) = makePair()
        let first = try await sqlite.searchUsers(query: "ada", page: 1)
        let past = await errorThrown { try await sqlite.searchUsers(query: "ada", page: first.totalPages + 1) }
        XCTAssertEqual(past as? DomainError, .notFound(what: "page", id: first.totalPages + 1))
        let zero = await errorThrown { try await sqlite.searchUsers(query: "ada", page: 0) }
        guard case .invalidInput = zero as? DomainError else { return XCTFail("got \(String(describing: zero))") }
        let empty = try await sqlite.searchUsers(query: "", page: 1)
        XCTAssertEqual(empty, UserPage(users: [], page: 1, totalPages: 1))
    }

    func test_anASCIIQueryOfThreeOrMoreCharacters_usesTheTrigramIndex() throws {
        let db = try SQLiteConnection(path: directory.file("plan.sqlite").path, mode: .readWriteCreate)
        try db.execute(SQLiteSchema.migrations.joined(separator: "\n"))
        let plan = try db.withStatement(
            "EXPLAIN QUERY PLAN SELECT rowid FROM user_name_trigrams WHERE name LIKE ? ORDER BY rowid"
        ) { s throws(DomainError) in try s.rows { $0.string(3) } }
        XCTAssertTrue(plan.contains { $0.contains("VIRTUAL TABLE INDEX") && $0.contains(":L") }, "\(plan)")
        let nonASCII = try db.withStatement(
            "EXPLAIN QUERY PLAN SELECT ordinal, name FROM users WHERE \(SQLiteSchema.nameIsNotASCII) ORDER BY ordinal"
        ) { s throws(DomainError) in try s.rows { $0.string(3) } }
        XCTAssertTrue(nonASCII.contains { $0.contains("users_with_non_ascii_names") }, "\(nonASCII)")
    }
}
