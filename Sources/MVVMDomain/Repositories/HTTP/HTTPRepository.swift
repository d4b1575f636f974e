import FoundationEssentials

/// A `UserRepository` and `PostRepository` served by an HTTP server that speaks the
/// JSONPlaceholder-shaped contract `Include/mvvm.h` documents for `mvvm_repository_new_http`
/// (and `Tests/Support/placeholder_server.py` implements).
///
/// Threads: a requirement starts on the caller's actor (the ViewModels' main actor), builds
/// the request (method, URL, body) and suspends; the repository's own transfer thread
/// (one libcurl multi handle, connections and easy handles reused) sends it, collects and size-checks the
/// answer and decodes it; the caller resumes with the finished value. The host's thread
/// never waits for the network.
///
/// Why libcurl directly rather than `URLSession`: on Linux, FoundationNetworking stops the
/// process (`fatalError`) when a server closes the connection before the end of its
/// headers (libcurl 7.88 reports that as a success), so any server could crash the host.
/// Here the answer's completeness is checked, and that is a lost connection like any other.
///
/// Failures: a 404 is `DomainError.notFound`, a 400/422 `.invalidInput` with the server's
/// sentence, and everything else (other statuses, an unreachable host, a timeout, a dropped
/// connection, a body that is not the expected JSON or is larger than `maxBodyBytes`)
/// `.unavailable` with a sentence naming the host. A cancelled caller cancels its transfer.
public final class HTTPRepository: UserRepository, PostRepository, Sendable {
    /// The server, the page size and the limits.
    public let configuration: HTTPRepositoryConfiguration
    private let client: HTTPClient
    private let decoder: HTTPBodyDecoder
    /// Where fetched user pages and saved users are remembered, if anywhere.
    public let cache: HTTPUserCache?

    /// A repository talking to `configuration.baseURL`, remembering user pages in `cache`
    /// when given. Nothing is sent until the first call.
    public init(configuration: HTTPRepositoryConfiguration, cache: HTTPUserCache? = nil) {
        self.cache = cache
        precondition(configuration.pageSize >= 1, "pageSize must be at least 1")
        precondition(configuration.maxBodyBytes >= 1, "maxBodyBytes must be at least 1")
        precondition(configuration.timeout > 0, "timeout must be positive")
        self.configuration = configuration
        client = HTTPClient(configuration: configuration)
        decoder = HTTPBodyDecoder(host: client.hostDescription)
    }

    // MARK: UserRepository

    /// `GET /users?_page=N&_limit=pageSize`; the page then goes into the cache.
    public nonisolated(nonsending) func fetchUsers(page: Int) async throws -> UserPage {
        try Paging.checkPageNumber(page)
        let pageSize = configuration.pageSize
        let decoder = decoder
        let fresh = try await client.send(
            "GET", try client.url("users", query: [("_page", "\(page)"), ("_limit", "\(pageSize)")])
        ) { response throws(DomainError) in
            try decoder.userPage(from: response, page: page, pageSize: pageSize)
        }
        await cache?.store(fresh)
        return fresh
    }

    /// The page as the cache last stored it; `nil` without a cache.
    public nonisolated(nonsending) func cachedUsers(page: Int) async -> UserPage? {
        await cache?.page(page)
    }

    /// `GET /users/{id}`.
    public nonisolated(nonsending) func fetchUser(id: User.ID) async throws -> User {
        let decoder = decoder
        return try await client.send("GET", try client.url("users/\(id)")) {
            response throws(DomainError) in
            let user = try decoder.decode(from: response, what: "user", id: id, HTTPWireUser.read).user
            return try decoder.requireID(user, id: user.id, asked: id, what: "user")
        }
    }

    /// `PATCH /users/{id}` with `{"name", "email"}`; the server's stored user comes back and
    /// then goes into the cache (the server first: a refused edit changes neither).
    public nonisolated(nonsending) func update(_ user: User) async throws -> User {
        let body = try JSONEncoder().encode(HTTPWireUserChanges(name: user.name, email: user.email))
        let decoder = decoder
        let id = user.id
        let stored = try await client.send("PATCH", try client.url("users/\(id)"), body: body) {
            response throws(DomainError) in
            let stored = try decoder.decode(from: response, what: "user", id: id, HTTPWireUser.read).user
            return try decoder.requireID(stored, id: stored.id, asked: id, what: "user")
        }
        await cache?.store(stored)
        return stored
    }

    /// `GET /users?name_like=Q&_page=N&_limit=pageSize`; a blank query asks nothing of the
    /// server and is an empty page 1.
    public nonisolated(nonsending) func searchUsers(
        query: String, page: Int
    ) async throws -> UserPage {
        try Paging.checkPageNumber(page)
        if NameMatching.isBlank(query) {
            guard page == 1 else { throw DomainError.notFound(what: "page", id: page) }
            return UserPage(users: [], page: 1, totalPages: 1)
        }
        let pageSize = configuration.pageSize
        let decoder = decoder
        let url = try client.url(
            "users", query: [("name_like", query), ("_page", "\(page)"), ("_limit", "\(pageSize)")])
        return try await client.send("GET", url) { response throws(DomainError) in
            try decoder.userPage(from: response, page: page, pageSize: pageSize)
        }
    }

    // MARK: PostRepository

    /// `GET /posts/{id}`.
    public nonisolated(nonsending) func fetchPost(id: Post.ID) async throws -> Post {
        let decoder = decoder
        return try await client.send("GET", try client.url("posts/\(id)")) {
            response throws(DomainError) in
            let post = try decoder.decode(from: response, what: "post", id: id, HTTPWirePost.read).post
            return try decoder.requireID(post, id: post.id, asked: id, what: "post")
        }
    }

    /// `GET /posts/{id}/comments`.
    public nonisolated(nonsending) func fetchComments(
        postId: Post.ID
    ) async throws -> [Comment] {
        let decoder = decoder
        return try await client.send("GET", try client.url("posts/\(postId)/comments")) {
            response throws(DomainError) in
            let comments = try decoder.decode(from: response, what: "post", id: postId, HTTPWireComment.readArray)
                .map(\.comment)
            for comment in comments {
                _ = try decoder.requireID(comment, id: comment.postId, asked: postId, what: "comments of post")
            }
            return comments
        }
    }

    /// `PUT /posts/{id}/like` to like, `DELETE` to unlike; the stored post comes back.
    public nonisolated(nonsending) func setLiked(
        _ liked: Bool, postId: Post.ID
    ) async throws -> Post {
        let decoder = decoder
        return try await client.send(liked ? "PUT" : "DELETE", try client.url("posts/\(postId)/like")) {
            response throws(DomainError) in
            let post = try decoder.decode(from: response, what: "post", id: postId, HTTPWirePost.read).post
            return try decoder.requireID(post, id: post.id, asked: postId, what: "post")
        }
    }
}
