import Foundation
import MVVMDomain

/// Posts and comments for the post-detail tests. Ids and counts are small so tests read well.
enum PostFixtures {
    static let author = User(id: 7, name: "Ada", email: "ada@example.com")

    /// Post `id` as the server reports it: `likesCount` likes, `liked` by the current user.
    static func post(id: Post.ID = 1, likesCount: Int = 10, liked: Bool = false) -> Post {
        Post(
            id: id, title: "Post \(id)", body: "Body of post \(id).", author: author,
            createdAt: Date(timeIntervalSince1970: 1_700_000_000),
            likesCount: likesCount, likedByCurrentUser: liked, commentsCount: 2
        )
    }

    /// `count` comments under post `postId`, ids from 1.
    static func comments(postId: Post.ID = 1, count: Int = 2) -> [Comment] {
        (0..<count).map { Comment(id: $0 + 1, postId: postId, authorName: "Reader \($0 + 1)", body: "Comment \($0 + 1)") }
    }
}

/// The error the post test repositories throw; its `errorDescription` is what ViewModels show.
struct PostRepositoryStubError: LocalizedError, Equatable {
    var message = "The network connection was lost."
    var errorDescription: String? { message }
}
