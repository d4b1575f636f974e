import CMVVM
import CMVVMSeeds
import FoundationEssentials
import Glibc
import MVVMDomain
import MVVMRuntime

/// One call into a host repository, with its arguments (Sendable: it crosses from the
/// repository's task to the host thread).
enum HostCall: Sendable {
    case fetchUsers(page: Int)
    case searchUsers(query: String, page: Int)
    case fetchUser(id: Int)
    case updateUser(User)
    case fetchPost(id: Int)
    case fetchComments(postId: Int)
    case setLiked(Bool, postId: Int)

    var usesPostTable: Bool {
        switch self {
        case .fetchUsers, .searchUsers, .fetchUser, .updateUser: return false
        case .fetchPost, .fetchComments, .setLiked: return true
        }
    }

    var expectedAnswer: HostAnswerShape {
        switch self {
        case .fetchUsers, .searchUsers: return SeedsAnswer.userPage
        case .fetchUser, .updateUser: return SeedsAnswer.user
        case .fetchPost, .setLiked: return SeedsAnswer.post
        case .fetchComments: return SeedsAnswer.comments
        }
    }
}

/// What `mvvm_repository_new_host()` was given: copies of the function tables, the host's
/// user data and its destroy notifier. Shared by the user and post repositories of one
/// handle; ViewModels keep it alive through them, and every pending request holds it too,
/// so the destroy notifier runs only after the last request ended (its `cancel` callback
/// first). `destroy(user_data)` runs once, on the host thread: when the last owner lets go,
/// or at shutdown, whichever comes first.
@MainActor
final class HostRepositoryBox: HostRequestIssuer {
    private let users: mvvm_user_repository_vtable
    private let posts: mvvm_post_repository_vtable?
    /// The host's user data and destroy notifier (closed at shutdown by the framework).
    private let lifetime: HostLifetime
    private var userData: UnsafeMutableRawPointer? { lifetime.userData }

    init(
        users: mvvm_user_repository_vtable, posts: mvvm_post_repository_vtable?,
        userData: UnsafeMutableRawPointer?, destroy: mvvm_destroy_notify?
    ) {
        self.users = users
        self.posts = posts
        self.lifetime = HostLifetime(userData: userData, destroy: destroy)
    }

    // MARK: - Calls

    /// Calls the host for `call` and waits for its answer. Runs on the host thread: the
    /// vtable function is called here, and the answer (from any thread) resumes this task on
    /// the main actor. Cancelling the task ends the request (see `HostRequestTable`).
    func perform(_ call: HostCall) async throws -> HostAnswer {
        try Task.checkCancellation()
        guard !lifetime.isClosed else {
            throw HostFailure(message: "The host repository was shut down: mvvm_shutdown() ended it.")
        }
        if case .searchUsers = call, users.search_users == nil {
            throw HostFailure(message: "This host repository cannot search: its mvvm_user_repository_vtable has no search_users.")
        }
        if call.usesPostTable && posts == nil {
            throw HostFailure(message: "This host repository has no post table: mvvm_repository_new_host() was given posts = NULL.")
        }
        let table = HostRequestTable.shared
        let request = table.register(call.expectedAnswer, issuer: self)
        invoke(call, request.pointer)
        return try await withTaskCancellationHandler {
            // Unsafe, not checked: the table resumes each continuation exactly once (the slot
            // is freed in the same locked step), and the checked variant's canary costs an
            // allocation per request on the answer's path.
            try await withUnsafeThrowingContinuation { continuation in
                table.attach(request, continuation)
            }
        } onCancel: {
            table.cancel(request)
        }
    }

    private func invoke(_ call: HostCall, _ request: OpaquePointer) {
        switch call {
        case .fetchUsers(let page):
            users.fetch_users!(userData, cRequest(request), Int64(page))
        case .searchUsers(let query, let page):
            // Borrowed for the duration of the call.
            query.withCString { users.search_users!(userData, cRequest(request), $0, Int64(page)) }
        case .fetchUser(let id):
            users.fetch_user!(userData, cRequest(request), Int64(id))
        case .updateUser(let user):
            // Borrowed for the duration of the call.
            let name = strdup(user.name)
            let email = strdup(user.email)
            var cUser = mvvm_user(id: Int64(user.id), name: name, email: email)
            users.update_user!(userData, cRequest(request), &cUser)
            free(name)
            free(email)
        case .fetchPost(let id):
            posts!.fetch_post!(userData, cRequest(request), Int64(id))
        case .fetchComments(let postId):
            posts!.fetch_comments!(userData, cRequest(request), Int64(postId))
        case .setLiked(let liked, let postId):
            posts!.set_liked!(userData, cRequest(request), Int64(postId), liked ? 1 : 0)
        }
    }

    /// The host's `cancel` callback for `request`, from the table (host thread). The expected
    /// answer tells which table issued the request, and so whose `cancel` applies.
    func notifyCancelled(_ request: OpaquePointer, expected: HostAnswerShape) {
        guard !lifetime.isClosed else { return }
        if expected == SeedsAnswer.userPage || expected == SeedsAnswer.user {
            users.cancel?(userData, cRequest(request))
        } else {
            posts?.cancel?(userData, cRequest(request))
        }
    }
}

/// A request handle as the vtable functions' `mvvm_request *` parameter. Swift imports that
/// pointer to an opaque struct as `OpaquePointer?`; the ABI check compiles these sources
/// against a copy of the header in which `mvvm_request` is `void` (so the pointer is an
/// `UnsafeMutableRawPointer?`). Both are one pointer wide, so the bits pass through either way.
@inline(__always)
private func cRequest<Parameter>(_ request: OpaquePointer) -> Parameter {
    unsafeBitCast(Optional(request), to: Parameter.self)
}
