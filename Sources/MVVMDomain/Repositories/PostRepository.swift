/// Where posts and comments come from, and where the current user's like goes. Its
/// requirements run on the caller's actor, as `UserRepository`'s do (see there).
public protocol PostRepository: Sendable {
    /// The post with `id`. Throws `DomainError.notFound` when there is none.
    nonisolated(nonsending) func fetchPost(id: Post.ID) async throws -> Post
    /// The comments of post `postId`, oldest first.
    nonisolated(nonsending) func fetchComments(postId: Post.ID) async throws -> [Comment]
    /// Sets whether the current user likes post `postId`; returns the post as the server now
    /// has it (its `likesCount` and `likedByCurrentUser` are the truth).
    nonisolated(nonsending) func setLiked(_ liked: Bool, postId: Post.ID) async throws -> Post
}
