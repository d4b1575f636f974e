import CMVVM
import CMVVMSeeds
import FoundationEssentials
import MVVMDomain
import MVVMRuntime

// The answers of the host-implemented repositories (`HostRepositoryInterfaces`): the host
// answers requests from any thread with the seeds' resolve functions below.

// MARK: - Answers (any thread; through the framework's request table)

/// `count` rows at `rows`, each converted (copied) by `convert`; NULL only with count 0.
private func copiedRows<Row, Value>(
    _ rows: UnsafePointer<Row>?, _ count: UInt, _ parameter: String,
    _ convert: (Row, String) throws(APIError) -> Value
) throws(APIError) -> [Value] {
    guard count > 0 else { return [] }
    guard let rows else { throw .invalidArgument("\(parameter) is NULL but count is \(count).") }
    guard count <= UInt(Int.max / 64) else { throw .invalidArgument("count \(count) is too large.") }
    var values: [Value] = []
    values.reserveCapacity(Int(count))
    for index in 0..<Int(count) {
        values.append(try convert(rows[index], "\(parameter)[\(index)]"))
    }
    return values
}

extension User {
    /// A copy of a host's `mvvm_user`; `what` names it in error messages.
    init(host user: mvvm_user, _ what: String) throws(APIError) {
        self.init(
            id: Int(user.id), name: try string(from: user.name, "\(what).name"),
            email: try string(from: user.email, "\(what).email"))
    }
}

extension Post {
    /// A copy of a host's `mvvm_post`. The C post carries only the author's name: the author
    /// becomes `User(id: 0, name: author_name, email: "")`.
    init(host post: mvvm_post, _ what: String) throws(APIError) {
        let title = try string(from: post.title, "\(what).title")
        let body = try string(from: post.body, "\(what).body")
        let author = try string(from: post.author_name, "\(what).author_name")
        guard post.created_at.isFinite else { throw .invalidArgument("\(what).created_at is not a finite number.") }
        guard post.likes_count >= 0 else { throw .invalidArgument("\(what).likes_count \(post.likes_count) is negative.") }
        guard post.comments_count >= 0 else { throw .invalidArgument("\(what).comments_count \(post.comments_count) is negative.") }
        self.init(
            id: Int(post.id), title: title, body: body, author: User(id: 0, name: author, email: ""),
            createdAt: Date(timeIntervalSince1970: post.created_at), likesCount: Int(post.likes_count),
            likedByCurrentUser: post.liked_by_current_user != 0, commentsCount: Int(post.comments_count))
    }
}

extension Comment {
    /// A copy of a host's `mvvm_comment`, with post id 0 (the repository sets the real one).
    init(host comment: mvvm_comment, _ what: String) throws(APIError) {
        self.init(
            id: Int(comment.id), postId: 0, authorName: try string(from: comment.author_name, "\(what).author_name"),
            body: try string(from: comment.body, "\(what).body"))
    }
}

@c public func mvvm_request_resolve_user_page(
    _ request: OpaquePointer?, _ users: UnsafePointer<mvvm_user>?, _ count: UInt, _ page: Int64, _ totalPages: Int64
) -> mvvm_status {
    resolveHostRequest(request) { () throws(APIError) in
        guard page >= 1 else { throw .invalidArgument("page \(page) is not a page number (pages count from 1).") }
        guard totalPages >= 1 else { throw .invalidArgument("total_pages \(totalPages) is below 1.") }
        let rows = try copiedRows(users, count, "users") { (user, what) throws(APIError) in try User(host: user, what) }
        return .seeds(SeedsAnswer.userPage, UserPage(users: rows, page: Int(page), totalPages: Int(totalPages)))
    }
}

@c public func mvvm_request_resolve_user(_ request: OpaquePointer?, _ user: UnsafePointer<mvvm_user>?) -> mvvm_status {
    resolveHostRequest(request) { () throws(APIError) in
        guard let user else { throw .nullPointer("user") }
        return .seeds(SeedsAnswer.user, try User(host: user.pointee, "user"))
    }
}

@c public func mvvm_request_resolve_post(_ request: OpaquePointer?, _ post: UnsafePointer<mvvm_post>?) -> mvvm_status {
    resolveHostRequest(request) { () throws(APIError) in
        guard let post else { throw .nullPointer("post") }
        return .seeds(SeedsAnswer.post, try Post(host: post.pointee, "post"))
    }
}

@c public func mvvm_request_resolve_comments(
    _ request: OpaquePointer?, _ comments: UnsafePointer<mvvm_comment>?, _ count: UInt
) -> mvvm_status {
    resolveHostRequest(request) { () throws(APIError) in
        let rows = try copiedRows(comments, count, "comments") { (comment, what) throws(APIError) in
            try Comment(host: comment, what)
        }
        return .seeds(SeedsAnswer.comments, rows)
    }
}
