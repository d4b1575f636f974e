/// The body of `PATCH /users/{id}`: the fields a user edit can change.
struct HTTPWireUserChanges: Encodable, Sendable {
    var name: String
    var email: String
}
