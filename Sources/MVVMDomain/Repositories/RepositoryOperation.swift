/// The operations of `UserRepository` and `PostRepository`, named so failure injection and
/// error messages can say which one is meant.
public enum RepositoryOperation: String, CaseIterable, Hashable, Sendable {
    /// `UserRepository.fetchUsers(page:)`.
    case fetchUsers
    /// `UserRepository.fetchUser(id:)`.
    case fetchUser
    /// `UserRepository.update(_:)`.
    case updateUser
    /// `UserRepository.searchUsers(query:page:)`.
    case searchUsers
    /// `PostRepository.fetchPost(id:)`.
    case fetchPost
    /// `PostRepository.fetchComments(postId:)`.
    case fetchComments
    /// `PostRepository.setLiked(_:postId:)`.
    case setLiked
}
