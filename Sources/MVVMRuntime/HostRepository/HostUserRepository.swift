import MVVMDomain

/// A `UserRepository` whose every call goes to a host's `mvvm_user_repository_vtable`
/// (through the shared `HostRepositoryBox`, on the host thread).
final class HostUserRepository: UserRepository {
    let box: HostRepositoryBox

    init(box: HostRepositoryBox) {
        self.box = box
    }

    func fetchUsers(page: Int) async throws -> UserPage {
        guard case .userPage(let answer) = try await box.perform(.fetchUsers(page: page)) else {
            preconditionFailure("the request table checks the kind of every answer")
        }
        return answer
    }

    func fetchUser(id: User.ID) async throws -> User {
        guard case .user(let answer) = try await box.perform(.fetchUser(id: id)) else {
            preconditionFailure("the request table checks the kind of every answer")
        }
        return answer
    }

    func update(_ user: User) async throws -> User {
        guard case .user(let answer) = try await box.perform(.updateUser(user)) else {
            preconditionFailure("the request table checks the kind of every answer")
        }
        return answer
    }

    func searchUsers(query: String, page: Int) async throws -> UserPage {
        guard case .userPage(let answer) = try await box.perform(.searchUsers(query: query, page: page)) else {
            preconditionFailure("the request table checks the kind of every answer")
        }
        return answer
    }
}
