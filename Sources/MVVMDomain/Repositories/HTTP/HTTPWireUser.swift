/// A user as the server sends it: `{"id": 1, "name": "...", "email": "..."}`; other members
/// are ignored.
struct HTTPWireUser: Sendable {
    var id: Int
    var name: String
    var email: String

    var user: User { User(id: id, name: name, email: email) }

    /// Reads one user object.
    static func read(from scanner: inout HTTPJSONScanner) throws(HTTPJSONScanner.Failure) -> HTTPWireUser {
        var id: Int?
        var name: String?
        var email: String?
        try scanner.readObject { scanner, key throws(HTTPJSONScanner.Failure) in
            switch key {
            case "id": id = try scanner.readInt()
            case "name": name = try scanner.readString()
            case "email": email = try scanner.readString()
            default: try scanner.skipValue()
            }
        }
        guard let id, let name, let email else { throw HTTPJSONScanner.Failure(offset: 0) }
        return HTTPWireUser(id: id, name: name, email: email)
    }

    /// Reads an array of user objects.
    static func readArray(from scanner: inout HTTPJSONScanner) throws(HTTPJSONScanner.Failure) -> [HTTPWireUser] {
        var users: [HTTPWireUser] = []
        try scanner.readArray { scanner throws(HTTPJSONScanner.Failure) in
            users.append(try read(from: &scanner))
        }
        return users
    }
}
