/// A comment as the server sends it: `{"id", "postId", "name" (the author), "body"}`.
struct HTTPWireComment: Decodable, Sendable {
    var id: Int
    var postId: Int
    var name: String
    var body: String

    var comment: Comment { Comment(id: id, postId: postId, authorName: name, body: body) }
}
