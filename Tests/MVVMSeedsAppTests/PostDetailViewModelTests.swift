import MVVMBinding
import MVVMDomain
import MVVMSeedsApp
import MVVMTestSupport
import XCTest

@MainActor
final class PostDetailViewModelTests: XCTestCase {
    // MARK: - Loading

    func test_init_isIdle_andFetchesNothing() async {
        let repository = MockPostRepository()
        let sut = makeSUT(repository: repository)

        XCTAssertEqual(sut.state, .idle)
        XCTAssertFalse(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 0)
        XCTAssertNil(sut.errorMessage)
        XCTAssertEqual(repository.fetchPostCallCount, 0)
        XCTAssertEqual(repository.fetchCommentsCallCount, 0)
    }

    func test_onAppear_publishesLoadingThenPostAndCommentsTogether() async {
        let repository = MockPostRepository()
        let post = PostFixtures.post(id: 42, likesCount: 10, liked: true)
        let comments = PostFixtures.comments(postId: 42, count: 3)
        repository.stubbedPostResult = .success(post)
        repository.stubbedCommentsResult = .success(comments)
        let sut = makeSUT(repository: repository, postId: 42)
        let loaded = expectation(description: "loading, then loaded")
        loaded.expectedFulfillmentCount = 2
        var states: [ViewState<PostDetail>] = []
        let cancellable = sut.$state.dropFirst().sink { state in
            states.append(state)
            loaded.fulfill()
        }

        sut.onAppear()
        await fulfillment(of: [loaded], timeout: 2)

        XCTAssertEqual(states, [.loading, .loaded(PostDetail(post: post, comments: comments))])
        XCTAssertTrue(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 10)
        XCTAssertEqual(repository.requestedPostIDs, [42])
        XCTAssertEqual(repository.fetchPostCallCount, 1)
        XCTAssertEqual(repository.fetchCommentsCallCount, 1)
        cancellable.cancel()
    }

    func test_load_requestsPostAndCommentsConcurrently_andPublishesOneLoadedState() async {
        let repository = SuspendingPostRepository()
        let sut = makeSUT(repository: repository)
        var states: [ViewState<PostDetail>] = []
        let cancellable = sut.$state.dropFirst().sink { states.append($0) }

        sut.load()
        // Both requests are waiting at the same time: neither waited for the other.
        let bothRequested = repository.expectation("post and comments requested") {
            $0.fetchPostCalls.count == 1 && $0.fetchCommentsCalls.count == 1
        }
        await fulfillment(of: [bothRequested], timeout: 2)
        let loaded = expectation(description: "loaded")
        let loadedCancellable = sut.$state.dropFirst().sink { if $0.value != nil { loaded.fulfill() } }
        // Comments answer first; nothing is shown until the post is there too.
        repository.fetchCommentsCalls[0].answer(PostFixtures.comments())
        repository.fetchPostCalls[0].answer(PostFixtures.post())
        await fulfillment(of: [loaded], timeout: 2)

        XCTAssertEqual(
            states,
            [.loading, .loaded(PostDetail(post: PostFixtures.post(), comments: PostFixtures.comments()))]
        )
        cancellable.cancel()
        loadedCancellable.cancel()
    }

    func test_load_withNoComments_isLoadedWithAnEmptyCommentList() async {
        let repository = MockPostRepository()
        repository.stubbedCommentsResult = .success([])
        let sut = makeSUT(repository: repository)

        await loadAndWait(sut)

        XCTAssertEqual(sut.state, .loaded(PostDetail(post: PostFixtures.post(), comments: [])))
    }

    func test_load_whenThePostFails_publishesFailedWithTheErrorMessage() async {
        let repository = MockPostRepository()
        repository.stubbedPostResult = .failure(PostRepositoryStubError(message: "Post gone."))
        let sut = makeSUT(repository: repository)

        await loadAndWait(sut)

        XCTAssertEqual(sut.state, .failed("Post gone."))
        XCTAssertNil(sut.errorMessage, "load failures are reported through state")
    }

    func test_load_whenTheCommentsFail_publishesFailedEvenThoughThePostArrived() async {
        let repository = MockPostRepository()
        repository.stubbedCommentsResult = .failure(PostRepositoryStubError(message: "No comments."))
        let sut = makeSUT(repository: repository)

        await loadAndWait(sut)

        XCTAssertEqual(sut.state, .failed("No comments."))
    }

    func test_load_withADomainError_showsItsMessage() async {
        let repository = MockPostRepository()
        repository.stubbedPostResult = .failure(DomainError.notFound(what: "post", id: 1))
        let sut = makeSUT(repository: repository)

        await loadAndWait(sut)

        XCTAssertEqual(sut.state, .failed(DomainError.notFound(what: "post", id: 1).message))
    }

    func test_onAppear_afterLoading_doesNotFetchAgain() async {
        let repository = MockPostRepository()
        let sut = makeSUT(repository: repository)
        await loadAndWait(sut)

        sut.onAppear()

        XCTAssertEqual(repository.fetchPostCallCount, 1)
        XCTAssertEqual(sut.state.value?.post, PostFixtures.post())
    }

    func test_load_afterAFailure_retriesAndLoads() async {
        let repository = MockPostRepository()
        repository.stubbedPostResult = .failure(PostRepositoryStubError())
        let sut = makeSUT(repository: repository)
        await loadAndWait(sut)
        repository.stubbedPostResult = .success(PostFixtures.post())

        await loadAndWait(sut)

        XCTAssertEqual(sut.state.value?.post, PostFixtures.post())
        XCTAssertEqual(repository.fetchPostCallCount, 2)
    }

    func test_load_whileALoadIsInFlight_ignoresTheStaleResponse() async {
        let repository = SuspendingPostRepository()
        let sut = makeSUT(repository: repository)
        sut.load()
        await fulfillment(of: [repository.expectation("first load") { $0.fetchCommentsCalls.count == 1 && $0.fetchPostCalls.count == 1 }], timeout: 2)
        sut.load()
        await fulfillment(
            of: [repository.expectation("second load") { $0.fetchCommentsCalls.count == 2 && $0.fetchPostCalls.count == 2 }], timeout: 2)
        let loaded = expectation(description: "loaded")
        var states: [ViewState<PostDetail>] = []
        let cancellable = sut.$state.dropFirst().sink { state in
            states.append(state)
            if state.value != nil { loaded.fulfill() }
        }

        // The stale load answers first, then the current one.
        repository.fetchPostCalls[0].answer(PostFixtures.post(likesCount: 1))
        repository.fetchCommentsCalls[0].answer([])
        repository.fetchPostCalls[1].answer(PostFixtures.post(likesCount: 2))
        repository.fetchCommentsCalls[1].answer(PostFixtures.comments())
        await fulfillment(of: [loaded], timeout: 2)

        XCTAssertEqual(states, [.loaded(PostDetail(post: PostFixtures.post(likesCount: 2), comments: PostFixtures.comments()))])
        XCTAssertEqual(sut.likesCount, 2)
        cancellable.cancel()
    }

    // MARK: - Liking

    func test_toggleLike_beforeThePostHasLoaded_doesNothing() async {
        let repository = MockPostRepository()
        let sut = makeSUT(repository: repository)

        sut.toggleLike()

        XCTAssertFalse(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 0)
        XCTAssertEqual(repository.setLikedCallCount, 0)
    }

    func test_toggleLike_updatesAtOnce_beforeTheServerAnswers() async {
        let repository = SuspendingPostRepository()
        let sut = makeSUT(repository: repository)
        await loadWaiting(sut, repository, post: PostFixtures.post(likesCount: 10, liked: false))

        sut.toggleLike()

        XCTAssertTrue(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 11)
        await fulfillment(of: [repository.expectationForLikeRequests(1)], timeout: 2)
        XCTAssertEqual(repository.setLikedArguments, [true])
        await answerLike(0, in: repository, sut: sut, with: .success(PostFixtures.post(likesCount: 11, liked: true)))
    }

    func test_toggleLike_onAPostWithTheLargestCount_keepsTheCount_insteadOfOverflowing() async {
        let repository = SuspendingPostRepository()
        let sut = makeSUT(repository: repository)
        await loadWaiting(sut, repository, post: PostFixtures.post(likesCount: Int.max, liked: false))

        sut.toggleLike()

        XCTAssertTrue(sut.isLiked)
        XCTAssertEqual(sut.likesCount, Int.max)
        await fulfillment(of: [repository.expectationForLikeRequests(1)], timeout: 2)
        await answerLike(0, in: repository, sut: sut, with: .success(PostFixtures.post(likesCount: Int.max, liked: true)))
    }

    func test_toggleLike_adoptsTheServersCount_whenItDiffersFromTheGuess() async {
        let repository = MockPostRepository()
        repository.stubbedPostResult = .success(PostFixtures.post(likesCount: 10, liked: false))
        repository.stubbedSetLikedResult = .success(PostFixtures.post(likesCount: 15, liked: true))
        let sut = makeSUT(repository: repository)
        await loadAndWait(sut)
        let settled = expectation(description: "server count shown")
        let cancellable = sut.$likesCount.dropFirst().sink { if $0 == 15 { settled.fulfill() } }

        sut.toggleLike()
        await fulfillment(of: [settled], timeout: 2)

        XCTAssertTrue(sut.isLiked)
        XCTAssertEqual(repository.setLikedCallCount, 1)
        XCTAssertEqual(repository.setLikedArguments, [true])
        cancellable.cancel()
    }

    func test_toggleLike_twice_unlikesAgain_afterEachRequestSettles() async {
        let repository = MockPostRepository()
        repository.stubbedPostResult = .success(PostFixtures.post(likesCount: 10, liked: false))
        let sut = makeSUT(repository: repository)
        await loadAndWait(sut)

        await toggleAndSettle(sut)
        XCTAssertEqual(sut.isLiked, true)
        XCTAssertEqual(sut.likesCount, 11)
        await toggleAndSettle(sut)

        XCTAssertFalse(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 10)
        XCTAssertEqual(repository.setLikedArguments, [true, false])
    }

    func test_toggleLike_whenUnlikingFails_restoresExactlyTheServersCount() async {
        // Seed 002's rollback gets this wrong: liked with 10, unlike (9), fails → it shows 8.
        let repository = MockPostRepository()
        repository.stubbedPostResult = .success(PostFixtures.post(likesCount: 10, liked: true))
        repository.stubbedSetLikedResult = .failure(PostRepositoryStubError(message: "Offline."))
        let sut = makeSUT(repository: repository)
        await loadAndWait(sut)
        let failed = expectation(description: "error shown")
        let cancellable = sut.$errorMessage.dropFirst().sink { if $0 != nil { failed.fulfill() } }

        sut.toggleLike()
        XCTAssertFalse(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 9)
        await fulfillment(of: [failed], timeout: 2)

        XCTAssertTrue(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 10)
        XCTAssertEqual(sut.errorMessage, "Offline.")
        cancellable.cancel()
    }

    func test_toggleLike_whenLikingFails_restoresExactlyTheServersCount() async {
        let repository = MockPostRepository()
        repository.stubbedPostResult = .success(PostFixtures.post(likesCount: 0, liked: false))
        repository.stubbedSetLikedResult = .failure(PostRepositoryStubError(message: "Offline."))
        let sut = makeSUT(repository: repository)
        await loadAndWait(sut)

        await toggleAndSettle(sut)

        XCTAssertFalse(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 0)
        XCTAssertEqual(sut.errorMessage, "Offline.")
        XCTAssertEqual(repository.setLikedCallCount, 1)
    }

    func test_dismissError_clearsTheMessage() async {
        let repository = MockPostRepository()
        repository.stubbedSetLikedResult = .failure(PostRepositoryStubError())
        let sut = makeSUT(repository: repository)
        await loadAndWait(sut)
        await toggleAndSettle(sut)
        XCTAssertNotNil(sut.errorMessage)

        sut.dismissError()

        XCTAssertNil(sut.errorMessage)
    }

    // MARK: - Rapid taps with a request in flight

    func test_rapidTaps_sendOneRequestAtATime_andEndOnTheServersTruth() async {
        let repository = SuspendingPostRepository()
        let sut = makeSUT(repository: repository)
        await loadWaiting(sut, repository, post: PostFixtures.post(likesCount: 10, liked: false))

        sut.toggleLike()  // like
        sut.toggleLike()  // unlike
        sut.toggleLike()  // like
        XCTAssertTrue(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 11, "server count plus the one pending change, not a sum of taps")
        await fulfillment(of: [repository.expectationForLikeRequests(1)], timeout: 2)
        XCTAssertEqual(repository.setLikedArguments, [true], "at most one request in flight")

        // The server agrees with the latest intent: nothing more to send.
        await answerLike(0, in: repository, sut: sut, with: .success(PostFixtures.post(likesCount: 11, liked: true)))

        XCTAssertEqual(repository.setLikedArguments, [true])
        XCTAssertTrue(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 11)
    }

    func test_rapidTaps_thatChangeTheIntent_sendOneFollowUpRequest_withTheLatestIntent() async {
        let repository = SuspendingPostRepository()
        let sut = makeSUT(repository: repository)
        await loadWaiting(sut, repository, post: PostFixtures.post(likesCount: 10, liked: false))

        sut.toggleLike()  // like: request #1 (true)
        sut.toggleLike()  // unlike
        sut.toggleLike()  // like
        sut.toggleLike()  // unlike: the intent is now "not liked"
        XCTAssertFalse(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 10)
        await fulfillment(of: [repository.expectationForLikeRequests(1)], timeout: 2)

        // #1 lands (someone else liked too: 12); the intent differs, so exactly one more goes out.
        repository.setLikedCalls[0].answer(PostFixtures.post(likesCount: 12, liked: true))
        await fulfillment(of: [repository.expectationForLikeRequests(2)], timeout: 2)
        XCTAssertEqual(repository.setLikedArguments, [true, false])
        XCTAssertFalse(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 11, "the new server count minus the pending unlike")

        await answerLike(1, in: repository, sut: sut, with: .success(PostFixtures.post(likesCount: 11, liked: false)))

        XCTAssertEqual(repository.setLikedArguments, [true, false])
        XCTAssertFalse(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 11)
    }

    func test_tapsDuringAFollowUpRequest_areSentAfterIt_andTheCountNeverDrifts() async {
        let repository = SuspendingPostRepository()
        let sut = makeSUT(repository: repository)
        await loadWaiting(sut, repository, post: PostFixtures.post(likesCount: 5, liked: false))
        var shownCounts: [Int] = []
        let cancellable = sut.$likesCount.dropFirst().sink { shownCounts.append($0) }

        sut.toggleLike()  // like: #1 (true)
        sut.toggleLike()  // unlike
        await fulfillment(of: [repository.expectationForLikeRequests(1)], timeout: 2)
        repository.setLikedCalls[0].answer(PostFixtures.post(likesCount: 6, liked: true))
        await fulfillment(of: [repository.expectationForLikeRequests(2)], timeout: 2)  // #2 (false)
        sut.toggleLike()  // like again while #2 is in flight
        repository.setLikedCalls[1].answer(PostFixtures.post(likesCount: 5, liked: false))
        await fulfillment(of: [repository.expectationForLikeRequests(3)], timeout: 2)  // #3 (true)
        await answerLike(2, in: repository, sut: sut, with: .success(PostFixtures.post(likesCount: 6, liked: true)))

        XCTAssertEqual(repository.setLikedArguments, [true, false, true])
        XCTAssertTrue(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 6)
        XCTAssertTrue(shownCounts.allSatisfy { (5...6).contains($0) }, "never drifted: \(shownCounts)")
        cancellable.cancel()
    }

    func test_aFailedRequest_withTapsPending_restoresTheLastServerTruth_andSendsNothingMore() async {
        let repository = SuspendingPostRepository()
        let sut = makeSUT(repository: repository)
        await loadWaiting(sut, repository, post: PostFixtures.post(likesCount: 10, liked: false))
        sut.toggleLike()  // like: #1 (true)
        sut.toggleLike()  // unlike
        await fulfillment(of: [repository.expectationForLikeRequests(1)], timeout: 2)
        repository.setLikedCalls[0].answer(PostFixtures.post(likesCount: 11, liked: true))
        await fulfillment(of: [repository.expectationForLikeRequests(2)], timeout: 2)  // #2 (false)
        sut.toggleLike()  // like again while #2 is in flight: the intent is "liked"

        await answerLike(1, in: repository, sut: sut, with: .failure(PostRepositoryStubError(message: "Timed out.")))

        // The last truth is #1's answer: liked, 11.
        XCTAssertTrue(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 11)
        XCTAssertEqual(sut.errorMessage, "Timed out.")
        XCTAssertEqual(repository.setLikedArguments, [true, false])
    }

    func test_aFailedFirstRequest_restoresTheLoadedState_evenAfterManyTaps() async {
        let repository = SuspendingPostRepository()
        let sut = makeSUT(repository: repository)
        await loadWaiting(sut, repository, post: PostFixtures.post(likesCount: 3, liked: true))
        for _ in 0..<5 { sut.toggleLike() }  // ends "not liked"
        XCTAssertFalse(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 2)
        await fulfillment(of: [repository.expectationForLikeRequests(1)], timeout: 2)

        await answerLike(0, in: repository, sut: sut, with: .failure(PostRepositoryStubError()))

        XCTAssertTrue(sut.isLiked)
        XCTAssertEqual(sut.likesCount, 3)
        XCTAssertEqual(repository.setLikedArguments, [false])
    }

    // MARK: - Memory

    func test_releasingTheViewModel_whileALikeIsInFlight_doesNotKeepItAlive() async {
        let repository = SuspendingPostRepository()
        var sut: PostDetailViewModel? = PostDetailViewModel(repository: repository, postId: 1)
        weak let weakSUT = sut
        await loadWaiting(sut!, repository, post: PostFixtures.post())
        sut?.toggleLike()
        await fulfillment(of: [repository.expectationForLikeRequests(1)], timeout: 2)

        sut = nil
        XCTAssertNil(weakSUT, "the pending request holds no strong reference")

        // Answering afterwards is harmless.
        repository.setLikedCalls[0].answer(PostFixtures.post(liked: true))
        await Task.yield()
    }

    // MARK: - Helpers

    private func makeSUT(repository: any PostRepository, postId: Post.ID = 1) -> PostDetailViewModel {
        let sut = PostDetailViewModel(repository: repository, postId: postId)
        trackForMemoryLeaks(sut)
        return sut
    }

    /// Calls `load()` and waits for it to finish (`loaded` or `failed`).
    private func loadAndWait(_ sut: PostDetailViewModel, file: StaticString = #filePath, line: UInt = #line) async {
        let finished = expectation(description: "load finished")
        let cancellable = sut.$state.dropFirst().sink { state in
            if case .loading = state { return }
            finished.fulfill()
        }
        sut.load()
        await fulfillment(of: [finished], timeout: 2)
        cancellable.cancel()
    }

    /// Loads `post` (with two comments) through the suspending repository.
    private func loadWaiting(_ sut: PostDetailViewModel, _ repository: SuspendingPostRepository, post: Post) async {
        let loadsBefore = repository.fetchPostCalls.count
        let finished = expectation(description: "loaded")
        let cancellable = sut.$state.dropFirst().sink { if $0.value != nil { finished.fulfill() } }
        sut.load()
        await fulfillment(
            of: [
                repository.expectation("load requested") {
                    $0.fetchPostCalls.count == loadsBefore + 1 && $0.fetchCommentsCalls.count == loadsBefore + 1
                }
            ],
            timeout: 2
        )
        repository.fetchPostCalls[loadsBefore].answer(post)
        repository.fetchCommentsCalls[loadsBefore].answer(PostFixtures.comments())
        await fulfillment(of: [finished], timeout: 2)
        cancellable.cancel()
    }

    /// Taps like and waits until the response is handled (the ViewModel shows its result).
    private func toggleAndSettle(_ sut: PostDetailViewModel) async {
        let settled = expectation(description: "like settled")
        // The optimistic update is the first emission; the settled response the second.
        settled.expectedFulfillmentCount = 2
        let cancellable = sut.$likesCount.dropFirst().sink { _ in settled.fulfill() }
        sut.toggleLike()
        await fulfillment(of: [settled], timeout: 2)
        cancellable.cancel()
    }

    /// Answers like request `index` and waits until the ViewModel has handled the answer.
    private func answerLike(
        _ index: Int, in repository: SuspendingPostRepository, sut: PostDetailViewModel,
        with result: Result<Post, any Error>
    ) async {
        let handled = expectation(description: "like answer handled")
        let cancellable = sut.$likesCount.dropFirst().sink { _ in handled.fulfill() }
        switch result {
        case .success(let post): repository.setLikedCalls[index].answer(post)
        case .failure(let error): repository.setLikedCalls[index].fail(error)
        }
        await fulfillment(of: [handled], timeout: 2)
        cancellable.cancel()
    }
}
