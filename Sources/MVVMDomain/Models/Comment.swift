/// A comment under a post.
public struct Comment: Identifiable, Hashable, Codable, Sendable {
    public typealias ID = Int

    public var id: ID
    public var postId: Post.ID
    public var authorName: String
    public var body: String

    public init(id: ID, postId: Post.ID, authorName: String, body: String) {
        self.id = id
        self.postId = postId
        self.authorName = authorName
        self.body = body
    }
}
