import MVVMDomain
import MVVMRuntime

/// `mvvm_comment`: the id, the author's name and the text (not the post id: the list it is
/// read from belongs to one post). Output only.
extension Comment: RecordValue {
    public static let recordDeclaration = RecordDeclaration<Comment>(
        name: "Comment", doc: "A comment on a post.",
        fields: [.field("id", \.id), .field("author_name", \.authorName), .field("body", \.body)])
}
