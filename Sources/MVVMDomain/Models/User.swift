/// A person shown in the user list and edited in the user detail screen.
public struct User: Identifiable, Hashable, Codable, Sendable {
    /// Users are identified by a positive integer, unique within a repository.
    public typealias ID = Int

    /// The stable identifier; `update` matches users by it.
    public var id: ID
    /// The display name, for example "Ada Lovelace". The built-in repositories reject a blank one.
    public var name: String
    /// The e-mail address shown under the name.
    public var email: String

    /// A user with the given fields.
    public init(id: ID, name: String, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }
}
