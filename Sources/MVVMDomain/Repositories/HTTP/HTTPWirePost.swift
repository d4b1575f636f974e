import FoundationEssentials

/// A post as the server sends it, its author embedded as `user`:
/// `{"id", "title", "body", "createdAt" (ISO 8601, e.g. "2024-01-02T03:04:05Z"),
/// "likesCount", "likedByCurrentUser", "commentsCount", "user": {user}}`; other members
/// (such as `userId`) are ignored.
struct HTTPWirePost: Sendable {
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

    /// Reads one post object.
    static func read(from scanner: inout HTTPJSONScanner) throws(HTTPJSONScanner.Failure) -> HTTPWirePost {
        var id: Int?
        var title: String?
        var body: String?
        var createdAt: Date?
        var likesCount: Int?
        var liked: Bool?
        var commentsCount: Int?
        var user: HTTPWireUser?
        try scanner.readObject { scanner, key throws(HTTPJSONScanner.Failure) in
            switch key {
            case "id": id = try scanner.readInt()
            case "title": title = try scanner.readString()
            case "body": body = try scanner.readString()
            case "createdAt":
                let text = try scanner.readString()
                guard let date = try? Date(text, strategy: .iso8601) else {
                    throw HTTPJSONScanner.Failure(offset: 0)
                }
                createdAt = date
            case "likesCount": likesCount = try scanner.readInt()
            case "likedByCurrentUser": liked = try scanner.readBool()
            case "commentsCount": commentsCount = try scanner.readInt()
            case "user": user = try HTTPWireUser.read(from: &scanner)
            default: try scanner.skipValue()
            }
        }
        guard let id, let title, let body, let createdAt, let likesCount, let liked,
            let commentsCount, let user
        else { throw HTTPJSONScanner.Failure(offset: 0) }
        return HTTPWirePost(
            id: id, title: title, body: body, createdAt: createdAt, likesCount: likesCount,
            likedByCurrentUser: liked, commentsCount: commentsCount, user: user)
    }
}
