/// Where posts and comments come from, and where the current user's like goes.
public protocol PostRepository: Sendable {
    /// The post with `id`. Throws `DomainError.notFound` when there is none.
    func fetchPost(id: Post.ID) async throws -> Post
    /// The comments of post `postId`, oldest first.
    func fetchComments(postId: Post.ID) async throws -> [Comment]
    /// Sets whether the current user likes post `postId`; returns the post as the server now
    /// has it (its `likesCount` and `likedByCurrentUser` are the truth).
    func setLiked(_ liked: Bool, postId: Post.ID) async throws -> Post
}
