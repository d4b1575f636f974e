import Foundation

/// A post as the server sends it, its author embedded as `user`:
/// `{"id", "userId", "title", "body", "createdAt" (ISO 8601), "likesCount",
/// "likedByCurrentUser", "commentsCount", "user": {user}}`.
struct HTTPWirePost: Decodable, Sendable {
    var id: Int
    var title: String
    var body: String
    var createdAt: Date
    var likesCount: Int
    var likedByCurrentUser: Bool
    var commentsCount: Int
    var user: HTTPWireUser

    var post: Post {
        Post(
            id: id, title: title, body: body, author: user.user, createdAt: createdAt,
            likesCount: likesCount, likedByCurrentUser: likedByCurrentUser,
            commentsCount: commentsCount)
    }
}
