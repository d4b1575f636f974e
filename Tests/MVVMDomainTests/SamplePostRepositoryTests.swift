import MVVMDomain
import MVVMTestSupport
import XCTest

final class SamplePostRepositoryTests: XCTestCase {
    private let configuration = SampleDataConfiguration(
        userCount: 10, pageSize: 5, postCount: 30, commentsPerPost: 4, seed: 11)

    func test_fetchPost_andComments_returnTheGeneratedData() async throws {
        let sut = SamplePostRepository(configuration: configuration)
        let generator = SampleDataGenerator(configuration: configuration)

        let post = try await sut.fetchPost(id: 7)
        let comments = try await sut.fetchComments(postId: 7)

        XCTAssertEqual(post, generator.post(at: 6))
        XCTAssertEqual(comments, generator.comments(forPostAt: 6))
        XCTAssertEqual(comments.count, post.commentsCount)
    }

    func test_setLiked_returnsTheServerTruth_countingEachChangeOnce() async throws {
        let sut = SamplePostRepository(configuration: configuration)
        let original = try await sut.fetchPost(id: 1)
        let target = !original.likedByCurrentUser
        let step = target ? 1 : -1

        let changed = try await sut.setLiked(target, postId: 1)
        let repeated = try await sut.setLiked(target, postId: 1)
        let restored = try await sut.setLiked(!target, postId: 1)

        XCTAssertEqual(changed.likedByCurrentUser, target)
        XCTAssertEqual(changed.likesCount, original.likesCount + step)
        XCTAssertEqual(repeated, changed)
        XCTAssertEqual(restored, original)
    }

    func test_like_isSeenByLaterFetches() async throws {
        let sut = SamplePostRepository(configuration: configuration)
        let original = try await sut.fetchPost(id: 2)
        let changed = try await sut.setLiked(!original.likedByCurrentUser, postId: 2)
        let fetched = try await sut.fetchPost(id: 2)
        XCTAssertEqual(fetched, changed)
    }

    func test_failedSetLiked_leavesTheLikeUnchanged() async throws {
        let store = SampleDataStore(configuration: configuration)
        let sut = SamplePostRepository(
            store: store,
            conditions: SimulatedConditions(
                failures: .operations([.setLiked])))
        let original = try await sut.fetchPost(id: 3)

        let error = await errorThrown {
            try await sut.setLiked(!original.likedByCurrentUser, postId: 3)
        }

        XCTAssertEqual(error as? DomainError, .injectedFailure(operation: "setLiked"))
        let fetched = try await sut.fetchPost(id: 3)
        XCTAssertEqual(fetched, original)
    }

    func test_renamedUser_appearsAsTheAuthor_whenTheStoreIsShared() async throws {
        let store = SampleDataStore(configuration: configuration)
        let users = SampleUserRepository(store: store)
        let posts = SamplePostRepository(store: store)
        var author = try await posts.fetchPost(id: 4).author
        author.name = "Radia Perlman"

        _ = try await users.update(author)

        let post = try await posts.fetchPost(id: 4)
        XCTAssertEqual(post.author.name, "Radia Perlman")
    }

    func test_unknownPost_throwsNotFound() async {
        let sut = SamplePostRepository(configuration: configuration)
        let post = await errorThrown { try await sut.fetchPost(id: 31) }
        let comments = await errorThrown { try await sut.fetchComments(postId: 0) }
        XCTAssertEqual(post as? DomainError, .notFound(what: "post", id: 31))
        XCTAssertEqual(comments as? DomainError, .notFound(what: "post", id: 0))
    }

    func test_latencyAndCancellation_applyToPostCallsToo() async {
        let sleeper = RecordingSleeper.cancellingTheCaller()
        let sut = SamplePostRepository(
            configuration: configuration,
            conditions: SimulatedConditions(latency: .milliseconds(250), sleep: sleeper.sleep))

        let task = Task { try await sut.fetchComments(postId: 1) }
        let result = await task.result

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(sleeper.durations, [.milliseconds(250)])
    }

    func test_callsAreNumberedPerRepository_acrossOperations() async {
        let sut = SamplePostRepository(
            configuration: configuration, conditions: SimulatedConditions(failures: .calls([2])))
        let first = await (try? sut.fetchPost(id: 1)) != nil
        let second = await (try? sut.fetchComments(postId: 1)) != nil
        let third = await (try? sut.setLiked(true, postId: 1)) != nil
        XCTAssertEqual([first, second, third], [true, false, true])
    }
}
