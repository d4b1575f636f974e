import Foundation

/// A post with its like state as the current user sees it.
public struct Post: Identifiable, Hashable, Codable, Sendable {
    public typealias ID = Int

    public var id: ID
    public var title: String
    public var body: String
    public var author: User
    public var createdAt: Date
    public var likesCount: Int
    public var likedByCurrentUser: Bool
    public var commentsCount: Int

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
