import MVVMDomain

/// What the post detail screen shows once it has loaded: the post and its comments, fetched
/// together so the screen never shows one without the other.
public struct PostDetail: Hashable, Sendable {
    /// The post as it was when the screen loaded. Its like state goes stale as the person taps
    /// the like button; ``PostDetailViewModel/isLiked`` and ``PostDetailViewModel/likesCount``
    /// are the live values.
    public var post: Post
    /// The post's comments, oldest first. Empty is a normal loaded post, not an error.
    public var comments: [Comment]

    /// Creates the loaded value from a post and its comments.
    public init(post: Post, comments: [Comment]) {
        self.post = post
        self.comments = comments
    }
}
