import FoundationEssentials

/// A post with its like state as the current user sees it.
public struct Post: Identifiable, Hashable, Codable, Sendable {
    /// Posts are identified by a positive integer, unique within a repository.
    public typealias ID = Int

    /// The stable identifier.
    public var id: ID
    /// The headline.
    public var title: String
    /// The text of the post.
    public var body: String
    /// Who wrote it, with their current details.
    public var author: User
    /// When it was published.
    public var createdAt: Date
    /// How many people like it, the current user included when `likedByCurrentUser`.
    public var likesCount: Int
    /// Whether the current user likes it.
    public var likedByCurrentUser: Bool
    /// How many comments it has.
    public var commentsCount: Int

    /// A post with the given fields.
    public init(
        id: ID, title: String, body: String, author: User, createdAt: Date,
        likesCount: Int, likedByCurrentUser: Bool, commentsCount: Int
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.author = author
        self.createdAt = createdAt
        self.likesCount = likesCount
        self.likedByCurrentUser = likedByCurrentUser
        self.commentsCount = commentsCount
    }
}
