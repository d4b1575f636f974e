import Foundation
import MVVMTestSupport
import XCTest

@testable import MVVMDomain

/// HTTPRepository against the local placeholder server (45 users, 30 posts, seed 7).
final class HTTPRepositoryTests: PlaceholderServerTestCase {
    private func makeSUT(
        timeout: TimeInterval = 10, maxBodyBytes: Int = 1 << 20
    ) -> HTTPRepository {
        HTTPRepository(
            configuration: HTTPRepositoryConfiguration(
                baseURL: server.baseURL, pageSize: 20, timeout: timeout, maxBodyBytes: maxBodyBytes))
    }

    private func unavailableReason(_ error: (any Error)?) -> String? {
        guard case let .unavailable(reason)? = error as? DomainError else {
            XCTFail("expected DomainError.unavailable, got \(String(describing: error))")
            return nil
        }
        return reason
    }

    // MARK: The contract

    func test_fetchUsers_returnsThePage_withTotalPagesFromTheTotalCount() async throws {
        let page = try await makeSUT().fetchUsers(page: 3)
        XCTAssertEqual(page.page, 3)
        XCTAssertEqual(page.totalPages, 3)
        XCTAssertEqual(page.users.map(\.id), Array(41...45))
    }

    func test_fetchUsers_pastTheLastPage_isNotFound_andBelowOne_isInvalidInput() async {
        let past = await errorThrown { try await self.makeSUT().fetchUsers(page: 4) }
        XCTAssertEqual(past as? DomainError, .notFound(what: "page", id: 4))
        let below = await errorThrown { try await self.makeSUT().fetchUsers(page: 0) }
        guard case .invalidInput? = below as? DomainError else {
            return XCTFail("expected invalidInput, got \(String(describing: below))")
        }
    }

    func test_fetchUser_returnsTheUser_andAnUnknownIdIsNotFound() async throws {
        let user = try await makeSUT().fetchUser(id: 2)
        XCTAssertEqual(user.id, 2)
        XCTAssertFalse(user.name.isEmpty)
        let missing = await errorThrown { try await self.makeSUT().fetchUser(id: 999) }
        XCTAssertEqual(missing as? DomainError, .notFound(what: "user", id: 999))
    }

    func test_update_storesOnTheServer_andReturnsTheStoredUser() async throws {
        let sut = makeSUT()
        var user = try await sut.fetchUser(id: 5)
        user.name = "Barbara Liskov"
        let saved = try await sut.update(user)
        XCTAssertEqual(saved, user)
        let reread = try await sut.fetchUser(id: 5)
        XCTAssertEqual(reread, user)
    }

    func test_update_withABlankName_isInvalidInput_withTheServersSentence() async throws {
        var user = try await makeSUT().fetchUser(id: 5)
        user.name = "  "
        let error = await errorThrown { try await self.makeSUT().update(user) }
        XCTAssertEqual(error as? DomainError, .invalidInput(message: "a user's name must not be empty"))
    }

    func test_searchUsers_findsNamesContainingTheQuery_ignoringCase_andPagesThem() async throws {
        let sut = makeSUT()
        let all =
            try await sut.fetchUsers(page: 1).users + sut.fetchUsers(page: 2).users
            + sut.fetchUsers(page: 3).users
        let expected = all.filter { $0.name.range(of: "ada", options: .caseInsensitive) != nil }
        XCTAssertFalse(expected.isEmpty)
        let page = try await sut.searchUsers(query: "aDa", page: 1)
        XCTAssertEqual(page.users, expected)
        XCTAssertEqual(page.totalPages, 1)
    }

    func test_searchUsers_sendsPlusAndAmpersandAsThemselves() async throws {
        var user = try await makeSUT().fetchUser(id: 7)
        user.name = "R&D + Co"
        _ = try await makeSUT().update(user)
        let page = try await makeSUT().searchUsers(query: "d + c", page: 1)
        XCTAssertEqual(page.users, [user])
    }

    func test_searchUsers_sendsNonASCIILettersAsThemselves() async throws {
        var user = try await makeSUT().fetchUser(id: 8)
        user.name = "Zoë Ångström"
        _ = try await makeSUT().update(user)
        let page = try await makeSUT().searchUsers(query: "ë Å", page: 1)
        XCTAssertEqual(page.users, [user])
    }

    func test_searchUsers_withABlankQuery_isAnEmptyFirstPage_withoutAsking() async throws {
        let before = try await server.dataRequests()
        let page = try await makeSUT().searchUsers(query: " ", page: 1)
        XCTAssertEqual(page, UserPage(users: [], page: 1, totalPages: 1))
        let after = try await server.dataRequests()
        XCTAssertEqual(after, before)
    }

    func test_posts_comments_andLikes_followTheServer() async throws {
        let sut = makeSUT()
        let post = try await sut.fetchPost(id: 1)
        let comments = try await sut.fetchComments(postId: 1)
        XCTAssertEqual(post.commentsCount, comments.count)
        XCTAssertTrue(comments.allSatisfy { $0.postId == 1 })
        let liked = try await sut.setLiked(true, postId: 1)
        XCTAssertTrue(liked.likedByCurrentUser)
        XCTAssertEqual(liked.likesCount, post.likesCount + 1)
        let unliked = try await sut.setLiked(false, postId: 1)
        XCTAssertEqual(unliked.likesCount, post.likesCount)
        let missing = await errorThrown { try await sut.fetchComments(postId: 999) }
        XCTAssertEqual(missing as? DomainError, .notFound(what: "post", id: 999))
    }

    // MARK: Failures become sentences

    func test_aServerError_isUnavailable_namingTheStatus() async throws {
        try await server.inject(["status": 500, "count": 1])
        let error = await errorThrown { try await self.makeSUT().fetchUsers(page: 1) }
        XCTAssertEqual(unavailableReason(error)?.contains("HTTP 500"), true)
    }

    func test_garbageBytes_areUnavailable_notACrash() async throws {
        try await server.inject(["mode": "garbage", "count": 3])
        let sut = makeSUT()
        for _ in 0..<3 {
            let error = await errorThrown { try await sut.fetchUser(id: 1) }
            XCTAssertEqual(unavailableReason(error)?.contains("not the data that was expected"), true)
        }
    }

    func test_anOversizedBody_isRefused_atTheLimit() async throws {
        try await server.inject(["mode": "oversized", "oversize_bytes": 200_000, "count": 1])
        let error = await errorThrown { try await self.makeSUT(maxBodyBytes: 100_000).fetchUsers(page: 1) }
        XCTAssertEqual(unavailableReason(error)?.contains("100000-byte limit"), true)
    }

    func test_aNameHoldingNUL_isRefused_notCutShort() async throws {
        try await server.inject(["mode": "nul", "count": 3])
        let sut = makeSUT()
        let errors = [
            await errorThrown { try await sut.fetchUser(id: 1) },
            await errorThrown { try await sut.fetchUsers(page: 1) },
            await errorThrown { try await sut.fetchComments(postId: 1) },
        ]
        for error in errors {
            XCTAssertEqual(unavailableReason(error)?.contains("U+0000 (NUL)"), true, "\(String(describing: error))")
        }
    }

    func test_aRecordOtherThanTheOneAskedFor_isRefused_namingBothIDs() async throws {
        try await server.inject(["mode": "wrong_id", "count": 3])
        let sut = makeSUT()
        let user = await errorThrown { try await sut.fetchUser(id: 1) }
        XCTAssertEqual(unavailableReason(user), "the server at \(server.hostAndPort) sent user 2 when asked for user 1")
        let post = await errorThrown { try await sut.fetchPost(id: 3) }
        XCTAssertEqual(unavailableReason(post), "the server at \(server.hostAndPort) sent post 4 when asked for post 3")
        let stored = await errorThrown { try await sut.update(User(id: 5, name: "Five", email: "f@x")) }
        XCTAssertEqual(unavailableReason(stored)?.contains("sent user 6 when asked for user 5"), true)
    }

    func test_tooManyHeaders_areRefused_namingTheHeaderLimit() async throws {
        try await server.inject(["mode": "many_headers", "header_count": 100_000, "count": 1])
        let error = await errorThrown { try await self.makeSUT().fetchUsers(page: 1) }
        XCTAssertEqual(
            unavailableReason(error),
            "the answer from \(server.hostAndPort) has headers larger than the 65536-byte limit")
    }

    func test_oneHugeHeaderLine_isRefused_namingTheHeaderLimit_notOutOfMemory() async throws {
        try await server.inject(["mode": "long_header", "header_bytes": 10 * 1024 * 1024, "count": 1])
        let sut = HTTPRepository(
            configuration: HTTPRepositoryConfiguration(
                baseURL: server.baseURL, maxHeaderBytes: 100 * 1024))
        let error = await errorThrown { try await sut.fetchUsers(page: 1) }
        XCTAssertEqual(
            unavailableReason(error),
            "the answer from \(server.hostAndPort) has headers larger than the 102400-byte limit")
    }

    func test_headersWithinTheLimit_areAccepted() async throws {
        try await server.inject(["mode": "many_headers", "header_count": 100, "count": 1])
        let page = try await makeSUT().fetchUsers(page: 1)
        XCTAssertEqual(page.users, [])
    }

    func test_aDroppedConnection_isUnavailable() async throws {
        try await server.inject(["mode": "drop", "count": 1])
        let error = await errorThrown { try await self.makeSUT().fetchUser(id: 1) }
        XCTAssertNotNil(unavailableReason(error))
    }

    func test_headersCutShort_areALostConnection_notACrash() async throws {
        // URLSession on Linux (FoundationNetworking) stops the process on exactly this answer.
        try await server.inject(["mode": "cut", "count": 2])
        let sut = makeSUT()
        let list = await errorThrown { try await sut.fetchUsers(page: 1) }
        XCTAssertEqual(unavailableReason(list)?.contains("was lost"), true)
        let user = await errorThrown { try await sut.fetchUser(id: 1) }
        XCTAssertEqual(unavailableReason(user)?.contains("was lost"), true)
    }

    func test_anUnreachableHost_isUnavailable_sayingSo() async {
        let sut = HTTPRepository(
            configuration: HTTPRepositoryConfiguration(
                baseURL: URL(string: "http://127.0.0.1:1")!, timeout: 10))
        let error = await errorThrown { try await sut.fetchUsers(page: 1) }
        XCTAssertEqual(unavailableReason(error), "the server at 127.0.0.1:1 cannot be reached")
    }

    func test_aSlowServer_timesOut() async throws {
        try await server.inject(["latency_ms": 3000, "count": 1])
        let error = await errorThrown { try await self.makeSUT(timeout: 0.3).fetchUser(id: 1) }
        XCTAssertEqual(unavailableReason(error)?.contains("did not answer in time"), true)
    }

    func test_aSupersededLoad_isCancelled_withItsTransfer() async throws {
        // The server holds the answer for 60 s; only cancelling the transfer ends it sooner.
        try await server.inject(["latency_ms": 60_000, "count": 1])
        let sut = makeSUT(timeout: 120)
        let before = try await server.dataRequests()
        let load = Task { try await sut.fetchUsers(page: 1) }
        while try await server.dataRequests() == before {}  // the request reached the server
        let started = ContinuousClock.now
        load.cancel()
        let error = await errorThrown { try await load.value }
        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(30))
    }

    func test_aCancelledCaller_sendsNothing() async throws {
        let sut = makeSUT()
        let before = try await server.dataRequests()
        let load = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await sut.fetchUsers(page: 1)
        }
        let error = await errorThrown { try await load.value }
        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
        let after = try await server.dataRequests()
        XCTAssertEqual(after, before)
    }

    func test_baseURLValidation_namesWhatIsWrong() {
        XCTAssertThrowsError(try HTTPRepositoryConfiguration.validatedBaseURL("ftp://x")) {
            XCTAssertEqual(
                $0 as? DomainError,
                .invalidInput(
                    message: "the base URL \"ftp://x\" must start with http:// or https://"))
        }
        XCTAssertThrowsError(try HTTPRepositoryConfiguration.validatedBaseURL("http://"))
        XCTAssertThrowsError(try HTTPRepositoryConfiguration.validatedBaseURL("not a url"))
        XCTAssertThrowsError(try HTTPRepositoryConfiguration.validatedBaseURL("http://exa mple.com")) {
            XCTAssertEqual(
                $0 as? DomainError,
                .invalidInput(
                    message: "the base URL \"http://exa mple.com\" cannot be parsed"), "a space is not encoded silently")
        }
        XCTAssertNoThrow(try HTTPRepositoryConfiguration.validatedBaseURL("http://127.0.0.1:8080/api"))
    }
}
