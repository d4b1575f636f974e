import Foundation
import SeedViewModels

extension User {
    static func fixture(id: UUID = UUID(), name: String = "Grace", email: String = "grace@example.com") -> User {
        User(id: id, name: name, email: email)
    }
}

extension UserPage {
    static func fixture(users: [User], page: Int = 1, totalPages: Int = 1) -> UserPage {
        UserPage(users: users, page: page, totalPages: totalPages)
    }
}

/// Seed 001's mock style: stubbed results and call counts.
final class FakeUserRepository: UserRepository, @unchecked Sendable {
    private let lock = NSLock()
    private var pages: [UserPage]
    private var _fetchUsersCallCount = 0
    var stubbedUpdateError: Error?

    init(pages: [UserPage]) { self.pages = pages }

    var fetchUsersCallCount: Int { lock.withLock { _fetchUsersCallCount } }

    func fetchUsers(page: Int) async throws -> UserPage {
        lock.withLock {
            _fetchUsersCallCount += 1
            return pages[min(page, pages.count) - 1]
        }
    }

    func fetchUser(id: User.ID) async throws -> User {
        let all = lock.withLock { pages.flatMap(\.users) }
        guard let user = all.first(where: { $0.id == id }) else { throw CancellationError() }
        return user
    }

    func update(_ user: User) async throws -> User {
        if let stubbedUpdateError { throw stubbedUpdateError }
        return user
    }
}
