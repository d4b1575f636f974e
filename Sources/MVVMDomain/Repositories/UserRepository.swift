/// Where users come from and where edits go. Implementations may suspend for I/O and must
/// honour task cancellation where they can (throwing `CancellationError`).
public protocol UserRepository: Sendable {
    /// The page `page` (1-based) of users. Throws `DomainError.notFound` past the last page.
    func fetchUsers(page: Int) async throws -> UserPage
    /// The user with `id`. Throws `DomainError.notFound` when there is none.
    func fetchUser(id: User.ID) async throws -> User
    /// Stores `user` (matched by id) and returns the stored version.
    func update(_ user: User) async throws -> User
}
