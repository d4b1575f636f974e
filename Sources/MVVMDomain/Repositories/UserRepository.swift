/// Where users come from and where edits go. Implementations may suspend for I/O and must
/// honour task cancellation where they can (throwing `CancellationError`).
///
/// The requirements are `nonisolated(nonsending)`: they run on the caller's actor (the
/// ViewModels' main actor) instead of hopping to the global executor and back, which costs a
/// pool-thread wake-up and a second wake-up of the host thread per call. Work that must not
/// run there (blocking I/O) moves itself elsewhere, as `JSONFileRepository` (an actor on its
/// own queue) does. A `@MainActor` conformer marks its witnesses `@MainActor` explicitly
/// (otherwise they take the requirement's isolation).
public protocol UserRepository: Sendable {
    /// The page `page` (1-based) of users. Throws `DomainError.notFound` past the last page.
    nonisolated(nonsending) func fetchUsers(page: Int) async throws -> UserPage
    /// The user with `id`. Throws `DomainError.notFound` when there is none.
    nonisolated(nonsending) func fetchUser(id: User.ID) async throws -> User
    /// Stores `user` (matched by id) and returns the stored version.
    nonisolated(nonsending) func update(_ user: User) async throws -> User
    /// The page `page` (1-based) of the users whose name contains `query`, ignoring case, in
    /// the order `fetchUsers` lists them; each page holds the repository's page size of
    /// matches (the same page size as `fetchUsers`).
    ///
    /// Paging works like `fetchUsers`: there is always a page 1, empty (with `totalPages` 1)
    /// when nothing matches; a page past the last throws `DomainError.notFound`, a page below 1
    /// `DomainError.invalidInput`. A user edited through `update` matches by its stored name.
    ///
    /// The query is matched exactly as given: trimming is the caller's business. An empty or
    /// blank (whitespace-only) query matches nobody, so it returns an empty page 1; the search
    /// ViewModel never sends one.
    nonisolated(nonsending) func searchUsers(query: String, page: Int) async throws -> UserPage
    /// The page `page` as a local cache last saw it, to show at once while `fetchUsers` asks
    /// the source (stale-while-revalidate); `nil` when the repository keeps no cache (the
    /// default) or the cache holds no such page. Never fails: a cache that cannot be read is
    /// a miss. `fetchUsers` stays the truth.
    nonisolated(nonsending) func cachedUsers(page: Int) async -> UserPage?
}

extension UserRepository {
    /// No cache: `nil`.
    public nonisolated(nonsending) func cachedUsers(page: Int) async -> UserPage? { nil }
}
