import MVVMDomain
import MVVMRuntime

/// The seeds' records as value kinds, for the declarations (`of: .user`).
extension ValueKind {
    static var user: ValueKind { User.valueKind }
    static var post: ValueKind { Post.valueKind }
    static var comment: ValueKind { Comment.valueKind }
}
