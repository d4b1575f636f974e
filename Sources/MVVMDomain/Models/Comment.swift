/// A comment under a post.
public struct Comment: Identifiable, Hashable, Codable, Sendable {
    /// Comments are identified by a positive integer, unique within a repository.
    public typealias ID = Int

    /// The stable identifier.
    public var id: ID
    /// The post it belongs to.
    public var postId: Post.ID
    /// The commenter's display name.
    public var authorName: String
    /// The text of the comment.
    public var body: String

    /// A comment with the given fields.
    public init(id: ID, postId: Post.ID, authorName: String, body: String) {
        self.id = id
        self.postId = postId
        self.authorName = authorName
        self.body = body
    }
}
