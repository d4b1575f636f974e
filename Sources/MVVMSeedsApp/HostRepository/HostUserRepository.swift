import MVVMDomain
import MVVMRuntime

/// A `UserRepository` whose every call goes to a host's `mvvm_user_repository_vtable`
/// (through the shared `HostRepositoryBox`, on the host thread).
///
/// Its methods are `nonisolated(nonsending)`, as the protocol's requirements are: they run on
/// the caller's actor. A `@MainActor` ViewModel's `await repository.fetchUser(id:)` therefore
/// stays on the host thread all the way into `HostRepositoryBox.perform` (no hop to the
/// global executor and back), and the answer needs exactly one wake-up of the host thread:
///   1. host thread, inside `mvvm_dispatch()`: the ViewModel's task calls `fetchUser`, which
///      calls `perform`, which calls the host's `fetch_user` and suspends;
///   2. any thread: `mvvm_request_resolve_user()` copies the answer and resumes the waiting
///      continuation directly (`HostRequestTable.answer`), which enqueues the task on the main
///      actor: the main queue's eventfd (`mvvm_get_fd()`) becomes readable;
///   3. host thread, the next `mvvm_dispatch()`: `perform`, `fetchUser` and the ViewModel's
///      task continue in one job, and the ViewModel's change reaches the host's handler at
///      the end of that dispatch. (`Tests/CABITests/test_wakeups.c` checks the one wake-up.)
final class HostUserRepository: UserRepository {
    let box: HostRepositoryBox

    init(box: HostRepositoryBox) {
        self.box = box
    }

    nonisolated(nonsending) func fetchUsers(page: Int) async throws -> UserPage {
        try await box.perform(.fetchUsers(page: page)).seeds(UserPage.self)
    }

    nonisolated(nonsending) func fetchUser(id: User.ID) async throws -> User {
        try await box.perform(.fetchUser(id: id)).seeds(User.self)
    }

    nonisolated(nonsending) func update(_ user: User) async throws -> User {
        try await box.perform(.updateUser(user)).seeds(User.self)
    }

    nonisolated(nonsending) func searchUsers(query: String, page: Int) async throws -> UserPage {
        try await box.perform(.searchUsers(query: query, page: page)).seeds(UserPage.self)
    }
}
