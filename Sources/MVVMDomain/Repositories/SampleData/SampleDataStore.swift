import FoundationEssentials
import MVVMBindingCore

/// The in-memory state behind `SampleUserRepository` and `SamplePostRepository`: generated
/// data plus the edits made since.
///
/// Records are generated on demand from `SampleDataGenerator` and only edited records are
/// stored (in overlay dictionaries), so reading a page costs O(pageSize) whatever the user
/// count, and edits made through one repository are seen by every later fetch through any
/// repository sharing this store (a renamed user is also the renamed author of their posts).
///
/// It stays an actor for its callers, but its state sits behind a lock and every operation
/// also has a synchronous, nonisolated form (`…Now`): the sample repositories call those,
/// so a ViewModel's fetch runs entirely on the caller's thread (the host thread) instead of
/// hopping to the actor on a pool thread and back — two thread wake-ups for microseconds of
/// work.
public actor SampleDataStore {
    /// The configuration the unedited data comes from.
    public nonisolated let configuration: SampleDataConfiguration

    private nonisolated let generator: SampleDataGenerator
    private nonisolated let state = PthreadLocked(EditState())

    private struct EditState {
        /// Users as last stored by `update`, by id; everyone else is as generated.
        var editedUsers: [User.ID: User] = [:]
        /// The like state of posts whose like was changed, by id.
        var editedLikes: [Post.ID: LikeState] = [:]
        var generatedUserCount = 0
        var examinedNameCount = 0
    }

    /// How many users have been generated so far. Instrumentation that lets tests prove
    /// paging is O(pageSize), without timing anything.
    var generatedUserCount: Int { state.withLock { $0.generatedUserCount } }
    /// How many names searches have compared with their query so far. Instrumentation that
    /// lets tests prove a search costs the same at a thousand and at a million users.
    var examinedNameCount: Int { state.withLock { $0.examinedNameCount } }

    private struct LikeState {
        var liked: Bool
        var count: Int
    }

    /// A store holding the data `configuration` describes, unedited.
    public init(configuration: SampleDataConfiguration = SampleDataConfiguration()) {
        self.configuration = configuration
        self.generator = SampleDataGenerator(configuration: configuration)
    }

    // MARK: Users

    /// The 1-based `page` of users in id order.
    ///
    /// - Throws: `DomainError.invalidInput` for `page < 1`; `DomainError.notFound` past the
    ///   last page (there is always a page 1, empty when there are no users).
    public func usersPage(_ page: Int) throws(DomainError) -> UserPage {
        try usersPageNow(page)
    }

    /// The same, synchronously, from any thread.
    public nonisolated func usersPageNow(_ page: Int) throws(DomainError) -> UserPage {
        let indices = try Paging.indices(
            ofPage: page, count: configuration.userCount, pageSize: configuration.pageSize)
        return UserPage(
            users: state.withLock { edits in indices.map { currentUser(at: $0, &edits) } },
            page: page, totalPages: configuration.totalPages)
    }

    /// The user with `id`, including any stored edit.
    ///
    /// - Throws: `DomainError.notFound` when no such user exists.
    public func user(id: User.ID) throws(DomainError) -> User {
        try userNow(id: id)
    }

    /// The same, synchronously, from any thread.
    public nonisolated func userNow(id: User.ID) throws(DomainError) -> User {
        guard let index = userIndex(of: id) else { throw .notFound(what: "user", id: id) }
        return state.withLock { currentUser(at: index, &$0) }
    }

    /// Replaces the user with `user.id` by `user` and returns what was stored.
    ///
    /// - Throws: `DomainError.notFound` when no such user exists; `DomainError.invalidInput`
    ///   when the name is blank. Nothing changes when it throws.
    public func update(_ user: User) throws(DomainError) -> User {
        try updateNow(user)
    }

    /// The same, synchronously, from any thread.
    public nonisolated func updateNow(_ user: User) throws(DomainError) -> User {
        guard userIndex(of: user.id) != nil else { throw .notFound(what: "user", id: user.id) }
        try user.checkStorable()
        state.withLock { $0.editedUsers[user.id] = user }
        return user
    }

    /// The 1-based `page` of the users whose current name (an edit's stored name, else the
    /// generated one) contains `query`, ignoring case, in id order. A blank query matches
    /// nobody: page 1 is empty.
    ///
    /// Costs O(pageSize) generated users, not O(userCount): the 576 generated names are
    /// matched once per call, and the matches on the page are computed by arithmetic (see
    /// `SampleUserMatches`), so the work is bounded by `576 + edits + pageSize` whatever the
    /// number of users.
    ///
    /// - Throws: `DomainError.invalidInput` for `page < 1`; `DomainError.notFound` past the
    ///   last page (there is always a page 1, empty when nothing matches).
    public func searchUsers(query: String, page: Int) throws(DomainError) -> UserPage {
        try searchUsersNow(query: query, page: page)
    }

    /// The same, synchronously, from any thread.
    public nonisolated func searchUsersNow(query: String, page: Int) throws(DomainError) -> UserPage {
        try state.withLock { (edits) throws(DomainError) -> UserPage in
            let matches = SampleUserMatches(
                query: query, names: generator.userNames, userCount: configuration.userCount,
                edits: edits.editedUsers)
            edits.examinedNameCount += matches.examinedNameCount
            let ranks = try Paging.indices(
                ofPage: page, count: matches.count, pageSize: configuration.pageSize)
            return UserPage(
                users: matches.indices(ofMatches: ranks).map { currentUser(at: $0, &edits) }, page: page,
                totalPages: Paging.totalPages(count: matches.count, pageSize: configuration.pageSize))
        }
    }

    private nonisolated func userIndex(of id: User.ID) -> Int? {
        id >= 1 && id <= configuration.userCount ? id - 1 : nil
    }

    /// Under the lock.
    private nonisolated func currentUser(at index: Int, _ edits: inout EditState) -> User {
        if let edited = edits.editedUsers[index + 1] { return edited }
        edits.generatedUserCount += 1
        return generator.user(at: index)
    }

    // MARK: Posts

    /// The post with `id` as the current user now sees it: its author's current name and
    /// its current like state.
    ///
    /// - Throws: `DomainError.notFound` when no such post exists.
    public func post(id: Post.ID) throws(DomainError) -> Post {
        try postNow(id: id)
    }

    /// The same, synchronously, from any thread.
    public nonisolated func postNow(id: Post.ID) throws(DomainError) -> Post {
        guard let index = postIndex(of: id) else { throw .notFound(what: "post", id: id) }
        var post = generator.post(at: index)
        state.withLock { edits in
            post.author = currentUser(at: post.author.id - 1, &edits)
            if let like = edits.editedLikes[id] {
                post.likedByCurrentUser = like.liked
                post.likesCount = like.count
            }
        }
        return post
    }

    /// The comments of post `postId`, oldest first.
    ///
    /// - Throws: `DomainError.notFound` when no such post exists.
    public func comments(postId: Post.ID) throws(DomainError) -> [Comment] {
        try commentsNow(postId: postId)
    }

    /// The same, synchronously, from any thread.
    public nonisolated func commentsNow(postId: Post.ID) throws(DomainError) -> [Comment] {
        guard let index = postIndex(of: postId) else { throw .notFound(what: "post", id: postId) }
        return generator.comments(forPostAt: index)
    }

    /// Sets whether the current user likes post `postId` and returns the post afterwards.
    ///
    /// The like count moves by exactly one on a change of state; asking for the state the
    /// post is already in changes nothing, so retries are harmless.
    ///
    /// - Throws: `DomainError.notFound` when no such post exists.
    public func setLiked(_ liked: Bool, postId: Post.ID) throws(DomainError) -> Post {
        try setLikedNow(liked, postId: postId)
    }

    /// The same, synchronously, from any thread.
    public nonisolated func setLikedNow(_ liked: Bool, postId: Post.ID) throws(DomainError) -> Post {
        guard let index = postIndex(of: postId) else { throw .notFound(what: "post", id: postId) }
        var post = generator.post(at: index)
        // One critical section: read, decide and store the like atomically.
        state.withLock { edits in
            post.author = currentUser(at: post.author.id - 1, &edits)
            if let like = edits.editedLikes[postId] {
                post.likedByCurrentUser = like.liked
                post.likesCount = like.count
            }
            guard post.likedByCurrentUser != liked else { return }
            post.likedByCurrentUser = liked
            post.likesCount = Post.likesCount(post.likesCount, afterLiking: liked)
            edits.editedLikes[postId] = LikeState(liked: liked, count: post.likesCount)
        }
        return post
    }

    private nonisolated func postIndex(of id: Post.ID) -> Int? {
        id >= 1 && id <= configuration.postCount ? id - 1 : nil
    }
}
