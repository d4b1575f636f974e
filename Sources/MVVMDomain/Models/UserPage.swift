/// One page of users as a repository returns it. Pages are numbered from 1.
public struct UserPage: Hashable, Codable, Sendable {
    public var users: [User]
    public var page: Int
    public var totalPages: Int

    public init(users: [User], page: Int, totalPages: Int) {
        self.users = users
        self.page = page
        self.totalPages = totalPages
    }
}
