// The types the seeds use but do not define (seed 000 relies on a Domain layer, seed 002 on a
// NetworkService): minimal definitions so the verbatim ViewModels compile.
import Foundation
import MVVMBinding

public struct User: Identifiable, Equatable, Sendable {
    public let id: UUID
    public var name: String
    public var email: String

    public init(id: UUID = UUID(), name: String, email: String = "") {
        self.id = id
        self.name = name
        self.email = email
    }
}

public struct UserPage: Sendable {
    public var users: [User]
    public var page: Int
    public var totalPages: Int

    public init(users: [User], page: Int, totalPages: Int) {
        self.users = users
        self.page = page
        self.totalPages = totalPages
    }
}

public protocol UserRepository: Sendable {
    func fetchUsers(page: Int) async throws -> UserPage
    func fetchUser(id: User.ID) async throws -> User
    func update(_ user: User) async throws -> User
}

struct Author: Equatable, Sendable {
    var name: String
}

struct Post: Equatable, Sendable {
    var id: Int
    var title: String
    var body: String
    var author: Author
    var createdAt: Date
    var likesCount: Int
    var likedByCurrentUser: Bool
    var commentsCount: Int
}

struct Comment: Equatable, Sendable {
    var id: Int
    var text: String
}

/// Seed 002's service, answering from canned values; `toggleLikeFails` drives the rollback path.
final class NetworkService: @unchecked Sendable {
    static let shared = NetworkService(post: Post(
        id: 1, title: "Hello", body: "World", author: Author(name: "Ada"),
        createdAt: Date(timeIntervalSince1970: 0), likesCount: 10, likedByCurrentUser: false, commentsCount: 2))

    var post: Post
    var comments: [Comment] = [Comment(id: 1, text: "First"), Comment(id: 2, text: "Second")]
    var toggleLikeFails = false

    init(post: Post) { self.post = post }

    func fetchPost(id: Int) -> AnyPublisher<Post, Error> {
        Just(post).setFailureType(to: Error.self).eraseToAnyPublisher()
    }

    func fetchComments(postId: Int) -> AnyPublisher<[Comment], Error> {
        Just(comments).setFailureType(to: Error.self).eraseToAnyPublisher()
    }

    func toggleLike(postId: Int) -> AnyPublisher<Void, Error> {
        if toggleLikeFails {
            return Fail(error: ServiceError(message: "The network is unreachable.")).eraseToAnyPublisher()
        }
        return Just(()).setFailureType(to: Error.self).eraseToAnyPublisher()
    }
}

struct ServiceError: LocalizedError {
    var message: String
    var errorDescription: String? { message }
}
