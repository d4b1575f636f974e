/// One page of users as a repository returns it. Pages are numbered from 1.
public struct UserPage: Hashable, Codable, Sendable {
    /// The users on this page, in repository order; empty only when there are no users.
    public var users: [User]
    /// This page's number, from 1.
    public var page: Int
    /// How many pages there are; at least 1.
    public var totalPages: Int

    /// A page with the given fields.
    public init(users: [User], page: Int, totalPages: Int) {
        self.users = users
        self.page = page
        self.totalPages = totalPages
    }
}
