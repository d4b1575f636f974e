import Foundation
import MVVMDomain

/// Users and pages for the user-feature tests. Ids are small integers so tests read well.
enum UserFixtures {
    /// The user `id`, named "User <id>" unless `name` is given.
    static func user(id: User.ID, name: String? = nil) -> User {
        User(id: id, name: name ?? "User \(id)", email: "user\(id)@example.com")
    }

    /// Page `page` of `totalPages` holding the users `ids`.
    static func page(_ page: Int, of totalPages: Int, ids: ClosedRange<Int>) -> UserPage {
        UserPage(users: ids.map { user(id: $0) }, page: page, totalPages: totalPages)
    }
}

/// The error the test repositories throw; its `errorDescription` is what ViewModels show.
struct UserRepositoryStubError: LocalizedError, Equatable {
    var message = "The server is unavailable."
    var errorDescription: String? { message }
}
