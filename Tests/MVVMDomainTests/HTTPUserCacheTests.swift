import Foundation
import MVVMTestSupport
import XCTest

@testable import MVVMDomain

/// HTTPRepository with its SQLite cache, against the local placeholder server.
final class HTTPUserCacheTests: PlaceholderServerTestCase {
    private var cachePath: String { directory.file("cache.sqlite").path }

    private func makeSUT(baseURL: URL = server.baseURL) throws -> HTTPRepository {
        HTTPRepository(
            configuration: HTTPRepositoryConfiguration(baseURL: baseURL, pageSize: 20),
            cache: try HTTPUserCache(path: cachePath))
    }

    private static var closedPort: URL { URL(string: "http://127.0.0.1:1")! }

    func test_aFetchedPage_isCached_andServedOfflineByTheNextRepository() async throws {
        let fresh = try await makeSUT().fetchUsers(page: 2)

        let offline = try makeSUT(baseURL: Self.closedPort)
        let cached = await offline.cachedUsers(page: 2)
        XCTAssertEqual(cached, fresh)
        let missing = await offline.cachedUsers(page: 1)
        XCTAssertNil(missing)
    }

    func test_anEdit_goesToTheServerFirst_thenIntoTheCachedPages() async throws {
        let sut = try makeSUT()
        var user = try await sut.fetchUsers(page: 1).users[3]
        user.name = "Edited Name"
        _ = try await sut.update(user)

        let cached = await sut.cachedUsers(page: 1)
        XCTAssertEqual(cached?.users[3], user)
    }

    func test_aRefusedEdit_leavesTheCacheAsItWas() async throws {
        let sut = try makeSUT()
        let page = try await sut.fetchUsers(page: 1)
        var user = page.users[0]
        user.name = " "
        _ = await errorThrown { try await sut.update(user) }

        let cached = await sut.cachedUsers(page: 1)
        XCTAssertEqual(cached, page)
    }

    func test_withoutACache_nothingIsCached() async throws {
        let sut = HTTPRepository(configuration: HTTPRepositoryConfiguration(baseURL: Self.server.baseURL))
        _ = try await sut.fetchUsers(page: 1)
        let cached = await sut.cachedUsers(page: 1)
        XCTAssertNil(cached)
    }

    func test_aFileThatIsNotACache_isRefused_andLeftAlone() throws {
        let path = directory.file("notes.txt").path
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try HTTPUserCache(path: path)) {
            guard case .corruptStore? = $0 as? DomainError else { return XCTFail("got \($0)") }
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "not a database")
    }

    func test_anotherProgramsDatabase_isRefused() throws {
        let path = directory.file("other.sqlite").path
        let other = try SQLiteConnection(path: path, mode: .readWriteCreate)
        try other.execute("CREATE TABLE notes(text TEXT)")
        other.close()
        XCTAssertThrowsError(try HTTPUserCache(path: path)) {
            XCTAssertEqual(
                $0 as? DomainError,
                .corruptStore(
                    path: path, reason: "it is a database of something else, not a cache"))
        }
    }
}
