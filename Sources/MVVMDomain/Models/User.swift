/// A person shown in the user list and edited in the user detail screen.
public struct User: Identifiable, Hashable, Codable, Sendable {
    public typealias ID = Int

    public var id: ID
    public var name: String
    public var email: String

    public init(id: ID, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}
