import MVVMDomain
import MVVMRuntime

/// A `UserRepository` whose every call goes to a host's `mvvm_user_repository_vtable`
/// (`HostRepositoryInterfaces.users`), on the host thread.
///
/// Its methods are `nonisolated(nonsending)`, as the protocol's requirements are: they run on
/// the caller's actor. A `@MainActor` ViewModel's `await repository.fetchUser(id:)` therefore
/// stays on the host thread all the way into `HostImplementation.call` (no hop to the global
/// executor and back), and the answer needs exactly one wake-up of the host thread:
///   1. host thread, inside `mvvm_dispatch()`: the ViewModel's task calls `fetchUser`, which
///      calls the host's `fetch_user` and suspends;
///   2. any thread: `mvvm_request_resolve_user()` copies the answer and resumes the waiting
///      continuation directly, which enqueues the task on the main actor: the main queue's
///      eventfd (`mvvm_get_fd()`) becomes readable;
///   3. host thread, the next `mvvm_dispatch()`: `fetchUser` and the ViewModel's task continue
///      in one job, and the ViewModel's change reaches the host's handler at the end of that
///      dispatch. (`Tests/CABITests/test_wakeups.c` checks the one wake-up.)
final class HostUserRepository: UserRepository {
    let host: HostImplementation

    init(host: HostImplementation) {
        self.host = host
    }

    nonisolated(nonsending) func fetchUsers(page: Int) async throws -> UserPage {
        try await host.call("fetch_users", [.int64(Int64(page))]).seeds(UserPage.self)
    }

    nonisolated(nonsending) func fetchUser(id: User.ID) async throws -> User {
        try await host.call("fetch_user", [.int64(Int64(id))]).seeds(User.self)
    }

    nonisolated(nonsending) func update(_ user: User) async throws -> User {
        try await host.call("update_user", [.record(user)]).seeds(User.self)
    }

    nonisolated(nonsending) func searchUsers(query: String, page: Int) async throws -> UserPage {
        try await host.call("search_users", [.string(query), .int64(Int64(page))]).seeds(UserPage.self)
    }
}
