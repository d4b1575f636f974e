import CMVVMSeeds
import FoundationEssentials
import MVVMDomain
import MVVMRuntime

extension RepositoryConstructors {
    static let http = ConstructorDeclaration(
        "new_http",
        doc: """
            Creates a repository served over HTTP by the server at base_url (copied; "http://" or \
            "https://", a host, an optional port and path, no query or fragment), following the \
            contract above, with the default limits. cache_path_or_null: a SQLite cache file (see \
            above), or NULL for none. Nothing is sent until a ViewModel asks. \
            MVVM_E_INVALID_ARGUMENT for a NULL, empty, unparseable or non-http(s) base_url or an \
            empty cache path (the message says which); MVVM_E_SYSTEM when the cache file cannot be \
            opened or created, or is not a cache, with SQLite's reason.
            """,
        parameters: [.string("base_url"), .nullableString("cache_path_or_null")], out: "out_repository"
    ) { arguments throws(APIError) in
        try httpRepository(arguments, options: nil)
    }

    static let httpWithOptions = ConstructorDeclaration(
        "new_http_with_options",
        doc: """
            mvvm_repository_new_http() with limits: options may be NULL for the defaults; \
            MVVM_E_INVALID_ARGUMENT for a wrong struct_size or a value outside its range.
            """,
        parameters: [.string("base_url"), .nullableString("cache_path_or_null"), .options("options", SeedsOptions.http)],
        out: "out_repository"
    ) { arguments throws(APIError) in
        try httpRepository(arguments, options: arguments.options("options"))
    }

    @MainActor private static func httpRepository(_ arguments: ConstructorArguments, options: mvvm_http_options?) throws(APIError) -> RepositoryObject
    {
        let text = arguments.string("base_url")
        guard !text.isEmpty else { throw .invalidArgument("base_url is empty.") }
        let url: URL
        do throws(DomainError) {
            url = try HTTPRepositoryConfiguration.validatedBaseURL(text)
        } catch {
            throw .invalidArgument(error.message)
        }
        let limits = try HTTPLimits(options ?? SeedsOptions.http.defaultOptions)
        var cache: HTTPUserCache?
        if let path = arguments.nullableString("cache_path_or_null") {
            guard !path.isEmpty else { throw .invalidArgument("cache_path_or_null is empty (pass NULL for no cache).") }
            cache = try reportingSystemFailure { () throws(DomainError) in try HTTPUserCache(path: path) }
        }
        let repository = HTTPRepository(
            configuration: HTTPRepositoryConfiguration(
                baseURL: url, pageSize: limits.pageSize, timeout: limits.timeout,
                maxBodyBytes: limits.maxBodyBytes, maxHeaderBytes: limits.maxHeaderBytes),
            cache: cache)
        return RepositoryObject(users: repository, posts: repository)
    }

    static let host = ConstructorDeclaration(
        "new_host",
        doc: """
            Creates a repository whose calls go to the host. The tables are copied. `posts` may be \
            NULL: post calls then fail with a clear message. `destroy` (may be NULL) is called with \
            user_data once, when the last ViewModel using the repository is gone and the handle is \
            destroyed (or at shutdown).
            """,
        parameters: [
            .hostTable("users", HostRepositoryInterfaces.users), .hostTable("posts", HostRepositoryInterfaces.posts, optional: true),
            .userData, .destroyNotify,
        ],
        out: "out_repository"
    ) { arguments throws(APIError) in
        RepositoryObject(
            users: HostUserRepository(host: arguments.host("users")!), posts: HostPostRepository(host: arguments.host("posts")))
    }
}
