/// A user as the server sends it: `{"id": 1, "name": "...", "email": "..."}`.
struct HTTPWireUser: Codable, Sendable {
    var id: Int
    var name: String
    var email: String

    var user: User { User(id: id, name: name, email: email) }
}
