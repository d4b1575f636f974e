import MVVMTestSupport
import XCTest

@testable import MVVMDomain

final class SampleDataStoreTests: XCTestCase {
    private func makeStore(
        userCount: Int = 45, pageSize: Int = 20, postCount: Int = 10
    ) -> SampleDataStore {
        SampleDataStore(
            configuration: SampleDataConfiguration(
                userCount: userCount, pageSize: pageSize, postCount: postCount, commentsPerPost: 2))
    }

    // MARK: Paging

    func test_pages_coverEveryUserOnce_withAShortLastPage() async throws {
        let store = makeStore()
        var pages: [UserPage] = []
        for number in 1...3 {
            pages.append(try await store.usersPage(number))
        }
        XCTAssertEqual(pages.map(\.page), [1, 2, 3])
        XCTAssertEqual(pages.map(\.totalPages), [3, 3, 3])
        XCTAssertEqual(pages.map(\.users.count), [20, 20, 5])
        XCTAssertEqual(pages.flatMap(\.users).map(\.id), Array(1...45))
    }

    func test_pagePastTheLast_throwsNotFound() async {
        let store = makeStore()
        let error = await errorThrown { try await store.usersPage(4) }
        XCTAssertEqual(error as? DomainError, .notFound(what: "page", id: 4))
    }

    func test_pageZeroOrNegative_throwsInvalidInput() async {
        let store = makeStore()
        for page in [0, -1] {
            let error = await errorThrown { try await store.usersPage(page) }
            guard case .invalidInput = error as? DomainError else {
                return XCTFail("expected invalidInput, got \(String(describing: error))")
            }
        }
    }

    func test_exactMultipleOfPageSize_hasNoEmptyExtraPage() async throws {
        let store = makeStore(userCount: 40)
        let last = try await store.usersPage(2)
        XCTAssertEqual(last.totalPages, 2)
        XCTAssertEqual(last.users.count, 20)
        let error = await errorThrown { try await store.usersPage(3) }
        XCTAssertEqual(error as? DomainError, .notFound(what: "page", id: 3))
    }

    func test_noUsers_givesOneEmptyPage() async throws {
        let store = makeStore(userCount: 0, postCount: 0)
        let page = try await store.usersPage(1)
        XCTAssertEqual(page, UserPage(users: [], page: 1, totalPages: 1))
        let error = await errorThrown { try await store.usersPage(2) }
        XCTAssertEqual(error as? DomainError, .notFound(what: "page", id: 2))
    }

    func test_millionUsers_areGeneratedOnlyAsTheyAreRead() async throws {
        let store = makeStore(userCount: 1_000_000, pageSize: 10)
        let generatedBefore = await store.generatedUserCount
        XCTAssertEqual(generatedBefore, 0, "creating the store generates nobody")

        let first = try await store.usersPage(1)
        let last = try await store.usersPage(100_000)

        XCTAssertEqual(first.totalPages, 100_000)
        XCTAssertEqual(first.users.map(\.id), Array(1...10))
        XCTAssertEqual(last.users.map(\.id), Array(999_991...1_000_000))
        let generated = await store.generatedUserCount
        XCTAssertEqual(generated, 20, "only the two requested pages were generated")
    }

    func test_millionUsers_fetchingOneUserGeneratesOnlyThatUser() async throws {
        let store = makeStore(userCount: 1_000_000)
        let user = try await store.user(id: 777_777)
        XCTAssertEqual(user.id, 777_777)
        let generated = await store.generatedUserCount
        XCTAssertEqual(generated, 1)
    }

    // MARK: Users

    func test_unknownUser_throwsNotFound() async {
        let store = makeStore()
        for id in [0, 46, -3] {
            let error = await errorThrown { try await store.user(id: id) }
            XCTAssertEqual(error as? DomainError, .notFound(what: "user", id: id))
        }
    }

    func test_update_isSeenByPagesAndSingleFetches() async throws {
        let store = makeStore()
        var user = try await store.user(id: 22)
        user.name = "Grace Hopper"
        let stored = try await store.update(user)

        XCTAssertEqual(stored, user)
        let fetched = try await store.user(id: 22)
        XCTAssertEqual(fetched, user)
        let page = try await store.usersPage(2)
        XCTAssertEqual(page.users.first { $0.id == 22 }, user)
    }

    func test_update_ofAnUnknownUser_throwsNotFound_andStoresNothing() async throws {
        let store = makeStore()
        let error = await errorThrown {
            try await store.update(User(id: 99, name: "Nobody", email: "n@example.com"))
        }
        XCTAssertEqual(error as? DomainError, .notFound(what: "user", id: 99))
    }

    func test_update_withABlankName_throwsInvalidInput_andKeepsTheOldUser() async throws {
        let store = makeStore()
        let original = try await store.user(id: 3)
        var blank = original
        blank.name = "   "
        let error = await errorThrown { try await store.update(blank) }
        XCTAssertEqual(
            error as? DomainError, .invalidInput(message: "a user's name must not be empty"))
        let fetched = try await store.user(id: 3)
        XCTAssertEqual(fetched, original)
    }

    // MARK: Posts

    func test_post_showsItsAuthorsEditedName() async throws {
        let store = makeStore()
        let post = try await store.post(id: 1)
        var author = post.author
        author.name = "Renamed Author"
        _ = try await store.update(author)

        let reloaded = try await store.post(id: 1)
        XCTAssertEqual(reloaded.author, author)
    }

    func test_setLiked_changesTheCountExactlyOncePerChange_andIsIdempotent() async throws {
        let store = makeStore()
        let original = try await firstPost(in: store, liked: false)

        let liked = try await store.setLiked(true, postId: original.id)
        XCTAssertTrue(liked.likedByCurrentUser)
        XCTAssertEqual(liked.likesCount, original.likesCount + 1)

        let likedAgain = try await store.setLiked(true, postId: original.id)
        XCTAssertEqual(likedAgain, liked, "liking a liked post changes nothing")

        let unliked = try await store.setLiked(false, postId: original.id)
        XCTAssertEqual(unliked, original, "unliking restores the original count")
        let fetched = try await store.post(id: original.id)
        XCTAssertEqual(fetched, original)
    }

    func test_setLiked_onAPostLikedFromTheStart_canBeUndone() async throws {
        let store = makeStore(postCount: 40)
        let original = try await firstPost(in: store, liked: true)
        let unliked = try await store.setLiked(false, postId: original.id)
        XCTAssertEqual(unliked.likesCount, original.likesCount - 1)
        let relikedAgain = try await store.setLiked(true, postId: original.id)
        XCTAssertEqual(relikedAgain, original)
    }

    func test_unknownPost_throwsNotFound_forEveryPostOperation() async {
        let store = makeStore()
        let expected = DomainError.notFound(what: "post", id: 11)
        let fetch = await errorThrown { try await store.post(id: 11) }
        let comments = await errorThrown { try await store.comments(postId: 11) }
        let like = await errorThrown { try await store.setLiked(true, postId: 11) }
        XCTAssertEqual(fetch as? DomainError, expected)
        XCTAssertEqual(comments as? DomainError, expected)
        XCTAssertEqual(like as? DomainError, expected)
    }

    func test_comments_areTheGeneratedOnes() async throws {
        let store = makeStore()
        let comments = try await store.comments(postId: 4)
        XCTAssertEqual(
            comments,
            SampleDataGenerator(configuration: store.configuration)
                .comments(forPostAt: 3))
    }

    private func firstPost(in store: SampleDataStore, liked: Bool) async throws -> Post {
        for id in 1...store.configuration.postCount {
            let post = try await store.post(id: id)
            if post.likedByCurrentUser == liked { return post }
        }
        // A fixture problem, not a store bug: the seed must produce both kinds of post.
        throw DomainError.notFound(what: "post with likedByCurrentUser == \(liked)", id: 0)
    }
}
