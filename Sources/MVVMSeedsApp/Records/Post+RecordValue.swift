import MVVMDomain
import MVVMRuntime

/// `mvvm_post`: the post with its author's name and its like and comment counts. Output only:
/// the host never passes a post where a command takes one.
extension Post: RecordValue {
    public static let recordDeclaration = RecordDeclaration<Post>(
        name: "Post", doc: "A post with its author's name and its counts.",
        fields: [
            .field("id", \.id), .field("title", \.title), .field("body", \.body),
            .field("author_name", { $0.author.name }),
            .field("created_at", { $0.createdAt.timeIntervalSince1970 }, doc: "Seconds since 1970-01-01 UTC."),
            .field("likes_count", \.likesCount), .field("liked_by_current_user", \.likedByCurrentUser),
            .field("comments_count", \.commentsCount),
        ])
}
