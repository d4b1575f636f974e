/// A `UserRepository` over generated sample data, with optional simulated latency and
/// injected failures. Deterministic: the same configuration and calls give the same results.
///
/// ```swift
/// let store = SampleDataStore(configuration: SampleDataConfiguration(userCount: 250))
/// let users = SampleUserRepository(store: store, conditions: SimulatedConditions(
///     latency: .milliseconds(300), failures: .everyNthCall(5)))
/// let posts = SamplePostRepository(store: store)  // sees renamed authors
/// ```
public final class SampleUserRepository: UserRepository {
    /// The data this repository reads and edits; share it to share edits.
    public let store: SampleDataStore
    /// The latency and failures applied to every call.
    public let conditions: SimulatedConditions

    private let calls = CallCounter()

    /// A repository over `store` under `conditions` (by default: immediate, never failing).
    public init(store: SampleDataStore, conditions: SimulatedConditions = .immediate) {
        self.store = store
        self.conditions = conditions
    }

    /// A repository over a new store holding the data `configuration` describes.
    public convenience init(
        configuration: SampleDataConfiguration = SampleDataConfiguration(),
        conditions: SimulatedConditions = .immediate
    ) {
        self.init(store: SampleDataStore(configuration: configuration), conditions: conditions)
    }

    /// How many calls this repository has received, failed and cancelled ones included.
    public var callCount: Int { calls.current }

    /// The 1-based `page` of users in id order.
    ///
    /// - Throws: `DomainError.notFound` past the last page, `DomainError.invalidInput` for
    ///   `page < 1`, an injected failure, or `CancellationError`.
    public nonisolated(nonsending) func fetchUsers(page: Int) async throws -> UserPage {
        try await conditions.begin(.fetchUsers, callNumber: calls.next())
        return try store.usersPageNow(page)
    }

    /// The user with `id`, with any edit applied.
    ///
    /// - Throws: `DomainError.notFound`, an injected failure, or `CancellationError`.
    public nonisolated(nonsending) func fetchUser(id: User.ID) async throws -> User {
        try await conditions.begin(.fetchUser, callNumber: calls.next())
        return try store.userNow(id: id)
    }

    /// The 1-based `page` of the users whose name contains `query`, ignoring case, in id
    /// order; edited users match by their stored name. A blank query gives an empty page 1.
    /// Costs O(pageSize) however many users there are (see `SampleDataStore.searchUsers`).
    ///
    /// - Throws: `DomainError.notFound` past the last page, `DomainError.invalidInput` for
    ///   `page < 1`, an injected failure, or `CancellationError`.
    public nonisolated(nonsending) func searchUsers(query: String, page: Int) async throws -> UserPage {
        try await conditions.begin(.searchUsers, callNumber: calls.next())
        return try store.searchUsersNow(query: query, page: page)
    }

    /// Stores `user` over the existing user with the same id; later fetches see it.
    ///
    /// - Throws: `DomainError.notFound` for an unknown id, `DomainError.invalidInput` for a
    ///   blank name, an injected failure, or `CancellationError`; nothing is stored then.
    public nonisolated(nonsending) func update(_ user: User) async throws -> User {
        try await conditions.begin(.updateUser, callNumber: calls.next())
        return try store.updateNow(user)
    }
}
