/// A comment as the server sends it: `{"id", "postId", "name" (the author), "body"}`; other
/// members are ignored.
struct HTTPWireComment: Sendable {
    var id: Int
    var postId: Int
    var name: String
    var body: String

    var comment: Comment { Comment(id: id, postId: postId, authorName: name, body: body) }

    /// Reads an array of comment objects.
    static func readArray(from scanner: inout HTTPJSONScanner) throws(HTTPJSONScanner.Failure) -> [HTTPWireComment] {
        var comments: [HTTPWireComment] = []
        try scanner.readArray { scanner throws(HTTPJSONScanner.Failure) in
            var id: Int?
            var postId: Int?
            var name: String?
            var body: String?
            try scanner.readObject { scanner, key throws(HTTPJSONScanner.Failure) in
                switch key {
                case "id": id = try scanner.readInt()
                case "postId": postId = try scanner.readInt()
                case "name": name = try scanner.readString()
                case "body": body = try scanner.readString()
                default: try scanner.skipValue()
                }
            }
            guard let id, let postId, let name, let body else { throw HTTPJSONScanner.Failure(offset: 0) }
            comments.append(HTTPWireComment(id: id, postId: postId, name: name, body: body))
        }
        return comments
    }
}
