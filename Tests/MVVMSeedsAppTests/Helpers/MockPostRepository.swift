import MVVMDomain

/// A `PostRepository` that answers at once from stubs and counts its calls.
///
/// Main-actor isolated like the ViewModels under test, so tests set and read it directly.
@MainActor
final class MockPostRepository: PostRepository {
    var stubbedPostResult: Result<Post, any Error> = .success(PostFixtures.post())
    var stubbedCommentsResult: Result<[Comment], any Error> = .success(PostFixtures.comments())
    /// What `setLiked` answers; `nil` echoes the request the way a server would: the last
    /// stubbed post with `likedByCurrentUser` set and its count moved by one if it changed.
    var stubbedSetLikedResult: Result<Post, any Error>?

    private(set) var fetchPostCallCount = 0
    private(set) var fetchCommentsCallCount = 0
    private(set) var setLikedCallCount = 0
    private(set) var requestedPostIDs: [Post.ID] = []
    private(set) var setLikedArguments: [Bool] = []

    @MainActor func fetchPost(id: Post.ID) async throws -> Post {
        fetchPostCallCount += 1
        requestedPostIDs.append(id)
        return try stubbedPostResult.get()
    }

    @MainActor func fetchComments(postId: Post.ID) async throws -> [Comment] {
        fetchCommentsCallCount += 1
        return try stubbedCommentsResult.get()
    }

    @MainActor func setLiked(_ liked: Bool, postId: Post.ID) async throws -> Post {
        setLikedCallCount += 1
        setLikedArguments.append(liked)
        if let stubbedSetLikedResult { return try stubbedSetLikedResult.get() }
        var post = try stubbedPostResult.get()
        if post.likedByCurrentUser != liked {
            post.likesCount += liked ? 1 : -1
            post.likedByCurrentUser = liked
        }
        stubbedPostResult = .success(post)
        return post
    }
}
