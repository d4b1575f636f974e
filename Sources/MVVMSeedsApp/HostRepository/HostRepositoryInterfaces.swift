import MVVMDomain
import MVVMRuntime

/// The seeds' repositories as a host implements them: `mvvm_user_repository_vtable` and
/// `mvvm_post_repository_vtable` (Include/mvvm_seeds.h), one function per member and in this
/// order. Their answers are the seeds' own resolve functions (`SeedsAnswer`).
enum HostRepositoryInterfaces {
    nonisolated static let users = HostInterfaceDeclaration(
        name: "UserRepository", cNamespace: "mvvm",
        summary: """
            The user repository a host implements: what mvvm_repository_new_host() is made over. Every \
            function pointer is required except `cancel` and `search_users`. Called on the host thread; must \
            not block (answer later instead).
            """,
        members: [
            .method("fetch_users", "Page `page` (1-based) of users.", arguments: [.int64("page")], answer: SeedsAnswer.userPage),
            .method("fetch_user", "The user `user_id`.", arguments: [.int64("user_id")], answer: SeedsAnswer.user),
            .method(
                "update_user", "Store `user` (lent for the call); the answer is the version stored.",
                arguments: [.record("user", User.self)],
                answer: SeedsAnswer.user),
            .cancel,
            .method(
                "search_users",
                """
                Since 0.2: page `page` (1-based) of the users whose name contains `query` (lent for the call; \
                trimmed, never empty), ignoring case. A table without it (NULL, or the struct_size of 0.1 that \
                ends before it) makes every search fail with a message the search screen shows.
                """,
                arguments: [.string("query"), .int64("page")], answer: SeedsAnswer.userPage, optional: true),
        ],
        // 0.1's table ended before search_users.
        earlierVersions: [.version("0.1", members: 4)])

    nonisolated static let posts = HostInterfaceDeclaration(
        name: "PostRepository", cNamespace: "mvvm",
        summary: "The post repository a host implements (optional as a whole: without it, post calls fail with a message).",
        members: [
            .method("fetch_post", "The post `post_id`.", arguments: [.int64("post_id")], answer: SeedsAnswer.post),
            .method("fetch_comments", "The comments of post `post_id`.", arguments: [.int64("post_id")], answer: SeedsAnswer.comments),
            .method(
                "set_liked", "Set whether the current user likes `post_id`; the answer is the post as stored.",
                arguments: [.int64("post_id"), .bool("liked")], answer: SeedsAnswer.post),
            .cancel,
        ])
}
