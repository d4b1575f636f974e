import MVVMDomain
import MVVMRuntime

/// A `PostRepository` whose every call goes to a host's `mvvm_post_repository_vtable`, or,
/// when the host gave none (`posts` NULL), fails with a message saying so (see
/// `HostRepositoryBox.perform`).
///
/// Mapping: `mvvm_post.author_name` becomes the post's `author` as `User(id: 0, name:
/// author_name, email: "")` (the C post carries only the name, and only the name is shown);
/// a comment's `postId` is the id the request asked for.
final class HostPostRepository: PostRepository {
    let box: HostRepositoryBox

    init(box: HostRepositoryBox) {
        self.box = box
    }

    nonisolated(nonsending) func fetchPost(id: Post.ID) async throws -> Post {
        try await box.perform(.fetchPost(id: id)).seeds(Post.self)
    }

    nonisolated(nonsending) func fetchComments(postId: Post.ID) async throws -> [Comment] {
        try await box.perform(.fetchComments(postId: postId)).seeds([Comment].self).map { comment in
            var comment = comment
            comment.postId = postId
            return comment
        }
    }

    nonisolated(nonsending) func setLiked(_ liked: Bool, postId: Post.ID) async throws -> Post {
        try await box.perform(.setLiked(liked, postId: postId)).seeds(Post.self)
    }
}
