import Foundation
import MVVMTestSupport
import XCTest

@testable import MVVMDomain

final class SQLiteRepositoryTests: TemporaryDirectoryTestCase {
    private let fill = SampleDataConfiguration(
        userCount: 25, pageSize: 10, postCount: 6, commentsPerPost: 2, seed: 5)
    private var storeURL: URL { directory.file("store.sqlite") }

    private func makeSUT(fill: SampleDataConfiguration? = nil) -> SQLiteRepository {
        SQLiteRepository(fileURL: storeURL, pageSize: 10, fillConfiguration: fill ?? self.fill)
    }

    // MARK: Creating

    func test_missingFile_isCreatedWithTheSampleData() async throws {
        let sut = makeSUT()
        let generator = SampleDataGenerator(configuration: fill)
        let page = try await sut.fetchUsers(page: 1)
        XCTAssertEqual(page, UserPage(users: Array(generator.allUsers()[0..<10]), page: 1, totalPages: 3))
        let post = try await sut.fetchPost(id: 2)
        XCTAssertEqual(post, generator.post(at: 1))
        let comments = try await sut.fetchComments(postId: 2)
        XCTAssertEqual(comments, generator.comments(forPostAt: 1))
    }

    func test_missingFile_withoutFill_startsEmpty_withOneEmptyPage() async throws {
        let sut = SQLiteRepository(fileURL: storeURL)
        let page = try await sut.fetchUsers(page: 1)
        XCTAssertEqual(page, UserPage(users: [], page: 1, totalPages: 1))
        XCTAssertTrue(FileManager.default.fileExists(atPath: storeURL.path))
    }

    func test_nothingIsCreated_beforeTheFirstCall_andNoTemporaryFileIsLeft() async throws {
        let sut = makeSUT()
        XCTAssertEqual(try directory.entries(), [])
        _ = try await sut.fetchUsers(page: 1)
        XCTAssertFalse(try directory.entries().contains { $0.hasSuffix(".creating") })
    }

    // MARK: Paging

    func test_lastPage_isShort_andThePagePastIt_isNotFound() async throws {
        let sut = makeSUT()
        let last = try await sut.fetchUsers(page: 3)
        XCTAssertEqual(last.users.map(\.id), Array(21...25))
        XCTAssertEqual(last.totalPages, 3)
        let past = await errorThrown { try await sut.fetchUsers(page: 4) }
        XCTAssertEqual(past as? DomainError, .notFound(what: "page", id: 4))
        let zero = await errorThrown { try await sut.fetchUsers(page: 0) }
        guard case .invalidInput = zero as? DomainError else { return XCTFail("got \(String(describing: zero))") }
    }

    func test_aPageNearTheEndOfALargeStore_holdsTheGeneratedUsers() async throws {
        let large = SampleDataConfiguration(userCount: 100_000, pageSize: 20, postCount: 0, seed: 3)
        let sut = SQLiteRepository(fileURL: storeURL, pageSize: 20, fillConfiguration: large)
        let generator = SampleDataGenerator(configuration: large)
        let page = try await sut.fetchUsers(page: 4_999)
        XCTAssertEqual(page.users, (99_960..<99_980).map(generator.user(at:)))
        XCTAssertEqual(page.totalPages, 5_000)
        let user = try await sut.fetchUser(id: 99_999)
        XCTAssertEqual(user, generator.user(at: 99_998))
    }

    // MARK: Saving

    func test_update_persistsAcrossReopening() async throws {
        var user = try await makeSUT().fetchUser(id: 12)
        user.name = "Barbara Liskov"
        user.email = "barbara@example.com"
        let saved = try await makeSUT().update(user)
        XCTAssertEqual(saved, user)
        let reopened = makeSUT()
        let fetched = try await reopened.fetchUser(id: 12)
        XCTAssertEqual(fetched, user)
        let page = try await reopened.fetchUsers(page: 2)
        XCTAssertEqual(page.users[1], user)
    }

    func test_update_ofAnUnknownUser_isNotFound_andABlankName_isInvalid() async throws {
        let sut = makeSUT()
        let unknown = await errorThrown { try await sut.update(User(id: 99, name: "X", email: "x")) }
        XCTAssertEqual(unknown as? DomainError, .notFound(what: "user", id: 99))
        let blank = await errorThrown { try await sut.update(User(id: 1, name: "  ", email: "x")) }
        guard case .invalidInput = blank as? DomainError else { return XCTFail("got \(String(describing: blank))") }
    }

    func test_aFailedSave_leavesTheOldData() async throws {
        let sut = makeSUT()
        let before = try await sut.fetchUser(id: 3)
        // A trigger that aborts after the row was written: the transaction must roll it back.
        let db = try SQLiteConnection(path: storeURL.path, mode: .readWrite)
        try db.execute(
            """
            CREATE TRIGGER fail_saves AFTER UPDATE ON users WHEN new.name = 'Boom'
            BEGIN SELECT RAISE(ABORT, 'injected failure'); END
            """)
        db.close()
        let error = await errorThrown { try await sut.update(User(id: 3, name: "Boom", email: "b@x")) }
        guard case let .storageFailure(_, reason) = error as? DomainError else {
            return XCTFail("got \(String(describing: error))")
        }
        XCTAssertTrue(reason.contains("injected failure"), reason)
        let after = try await sut.fetchUser(id: 3)
        XCTAssertEqual(after, before)
        let reopened = try await makeSUT().fetchUser(id: 3)
        XCTAssertEqual(reopened, before)
        let search = try await sut.searchUsers(query: "Boom", page: 1)
        XCTAssertEqual(search.users, [])
    }

    // MARK: Posts

    func test_setLiked_movesTheCountByOne_persists_andRepeatingChangesNothing() async throws {
        let sut = makeSUT()
        let post = try await sut.fetchPost(id: 1)
        let liked = try await sut.setLiked(!post.likedByCurrentUser, postId: 1)
        XCTAssertEqual(liked.likedByCurrentUser, !post.likedByCurrentUser)
        XCTAssertEqual(liked.likesCount, post.likesCount + (post.likedByCurrentUser ? -1 : 1))
        let again = try await sut.setLiked(!post.likedByCurrentUser, postId: 1)
        XCTAssertEqual(again, liked)
        let reopened = try await makeSUT().fetchPost(id: 1)
        XCTAssertEqual(reopened, liked)
    }

    func test_setLiked_keepsTheCountWithinIntsRange_asTheOtherStoresDo() async throws {
        let sut = makeSUT()
        let post = try await sut.fetchPost(id: 1)
        let db = try SQLiteConnection(path: storeURL.path, mode: .readWrite)
        try db.execute("UPDATE posts SET likes_count = \(Int.max), liked_by_current_user = 0 WHERE id = 1")
        db.close()
        let liked = try await sut.setLiked(true, postId: 1)
        XCTAssertEqual(liked.likesCount, Int.max)
        XCTAssertTrue(liked.likedByCurrentUser)
        XCTAssertEqual(post.id, liked.id)
    }

    func test_aRenamedUser_isTheRenamedAuthorOfTheirPosts() async throws {
        let sut = makeSUT()
        var author = try await sut.fetchPost(id: 1).author
        author.name = "Renamed Author"
        _ = try await sut.update(author)
        let post = try await sut.fetchPost(id: 1)
        XCTAssertEqual(post.author, author)
    }

    func test_commentsOfAnUnknownPost_andAnUnknownPost_areNotFound() async throws {
        let sut = makeSUT()
        let comments = await errorThrown { try await sut.fetchComments(postId: 7) }
        XCTAssertEqual(comments as? DomainError, .notFound(what: "post", id: 7))
        let like = await errorThrown { try await sut.setLiked(true, postId: 0) }
        XCTAssertEqual(like as? DomainError, .notFound(what: "post", id: 0))
    }

    func test_cancelledCall_throwsCancellation_andChangesNothing() async throws {
        let sut = makeSUT()
        let before = try await sut.fetchUser(id: 1)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await sut.update(User(id: 1, name: "Never", email: "n@x"))
        }
        let error = await errorThrown { try await task.value }
        XCTAssertTrue(error is CancellationError)
        let after = try await sut.fetchUser(id: 1)
        XCTAssertEqual(after, before)
    }
}
