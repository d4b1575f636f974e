import MVVMDomain
import MVVMRuntime

/// A `PostRepository` whose every call goes to a host's `mvvm_post_repository_vtable`
/// (`HostRepositoryInterfaces.posts`), or, when the host gave none (`posts` NULL), fails with
/// a message saying so.
///
/// Mapping: `mvvm_post.author_name` becomes the post's `author` as `User(id: 0, name:
/// author_name, email: "")` (the C post carries only the name, and only the name is shown);
/// a comment's `postId` is the id the request asked for.
final class HostPostRepository: PostRepository {
    let host: HostImplementation?

    init(host: HostImplementation?) {
        self.host = host
    }

    nonisolated(nonsending) func fetchPost(id: Post.ID) async throws -> Post {
        try await table().call("fetch_post", [.int64(Int64(id))]).seeds(Post.self)
    }

    nonisolated(nonsending) func fetchComments(postId: Post.ID) async throws -> [Comment] {
        try await table().call("fetch_comments", [.int64(Int64(postId))]).seeds([Comment].self).map { comment in
            var comment = comment
            comment.postId = postId
            return comment
        }
    }

    nonisolated(nonsending) func setLiked(_ liked: Bool, postId: Post.ID) async throws -> Post {
        try await table().call("set_liked", [.int64(Int64(postId)), .bool(liked)]).seeds(Post.self)
    }

    private func table() throws -> HostImplementation {
        guard let host else {
            throw HostFailure(message: "This host repository has no post table: mvvm_repository_new_host() was given posts = NULL.")
        }
        return host
    }
}
