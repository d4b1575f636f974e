import Foundation

/// A `UserRepository` and `PostRepository` kept in one JSON file, so edits and likes survive
/// restarts: a new repository on the same file sees them.
///
/// - The file is read on first use. If it does not exist it is created from sample data
///   (`seedConfiguration`), or empty when that is `nil`.
/// - Every change is written before it counts: the file is replaced atomically (see
///   `JSONFileStore`), and the in-memory state changes only after the write succeeded. After
///   a failed write the old file is intact and the state is reloaded from it on next use.
/// - A file that cannot be read or decoded, or whose contents are inconsistent, gives
///   `DomainError.corruptStore` from every call and is never overwritten. Each call tries
///   again, so repairing or deleting the file fixes the repository without a restart.
/// - It is an actor, so writes are serialised; it runs on its own dispatch queue because
///   `fsync` blocks.
///
/// Each write encodes only the records that differ from the previous write's (see
/// `JSONStoreSnapshotEncoder`; the first write after opening encodes them all), but it still
/// compares every record and writes the whole file, so it suits the data a person edits by
/// hand (the demo's users and posts), not millions of records.
public actor JSONFileRepository: UserRepository, PostRepository {
    /// The JSON file.
    public nonisolated let fileURL: URL
    /// How many users one page holds.
    public nonisolated let pageSize: Int
    /// What a missing file is created with: this sample data, or nothing when `nil`.
    public nonisolated let seedConfiguration: SampleDataConfiguration?

    private let file: JSONFileStore<JSONStoreSnapshot>
    private let executor: DispatchQueueExecutor
    /// The file's contents as last read or written; `nil` until read, and again after a
    /// failed write or a corrupt file.
    private var state: State?
    /// Each record's bytes from the last encoding, so a write encodes only what changed.
    /// Independent of the file: it maps records to bytes, whatever was written or failed.
    private var encoder = JSONStoreSnapshotEncoder()

    /// Runs the actor on its private queue (see `DispatchQueueExecutor`).
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// A repository over the JSON file at `fileURL`. Nothing is read until the first call.
    ///
    /// - Parameters:
    ///   - fileURL: a `file:` URL; the file and its directory are created if missing.
    ///   - pageSize: users per page, at least 1.
    ///   - seedConfiguration: the sample data a missing file starts with; `nil` starts empty.
    public init(
        fileURL: URL,
        pageSize: Int = 20,
        seedConfiguration: SampleDataConfiguration? = SampleDataConfiguration()
    ) {
        precondition(pageSize >= 1, "pageSize must be at least 1")
        self.file = JSONFileStore(fileURL: fileURL)
        self.fileURL = file.fileURL
        self.pageSize = pageSize
        self.seedConfiguration = seedConfiguration
        self.executor = DispatchQueueExecutor(label: "mvvm.JSONFileRepository")
    }

    // MARK: UserRepository

    /// The 1-based `page` of users in stored order.
    ///
    /// - Throws: `DomainError.notFound` past the last page, `DomainError.invalidInput` for
    ///   `page < 1`, `DomainError.corruptStore`/`.storageFailure` if the file cannot be used,
    ///   or `CancellationError`.
    public func fetchUsers(page: Int) async throws -> UserPage {
        try Task.checkCancellation()
        let users = try loadedState().snapshot.users
        let range = try Paging.indices(ofPage: page, count: users.count, pageSize: pageSize)
        return UserPage(
            users: Array(users[range]), page: page,
            totalPages: Paging.totalPages(count: users.count, pageSize: pageSize))
    }

    /// The user with `id`.
    ///
    /// - Throws: `DomainError.notFound`, a store error, or `CancellationError`.
    public func fetchUser(id: User.ID) async throws -> User {
        try Task.checkCancellation()
        let state = try loadedState()
        guard let index = state.userIndex[id] else {
            throw DomainError.notFound(what: "user", id: id)
        }
        return state.snapshot.users[index]
    }

    /// The 1-based `page` of the users whose name contains `query`, ignoring case, in stored
    /// order. A blank query matches nobody (an empty page 1). Scans every stored user: this
    /// store holds what a person edits by hand, not millions of records.
    ///
    /// - Throws: `DomainError.notFound` past the last page, `DomainError.invalidInput` for
    ///   `page < 1`, `DomainError.corruptStore`/`.storageFailure` if the file cannot be used,
    ///   or `CancellationError`.
    public func searchUsers(query: String, page: Int) async throws -> UserPage {
        try Task.checkCancellation()
        let users = try loadedState().snapshot.users
        let matches = NameMatching.isBlank(query)
            ? [] : users.filter { NameMatching.name($0.name, contains: query) }
        let range = try Paging.indices(ofPage: page, count: matches.count, pageSize: pageSize)
        return UserPage(
            users: Array(matches[range]), page: page,
            totalPages: Paging.totalPages(count: matches.count, pageSize: pageSize))
    }

    /// Writes `user` over the stored user with the same id and returns it once it is on disk.
    ///
    /// - Throws: `DomainError.notFound` for an unknown id, `DomainError.invalidInput` for a
    ///   blank name, `DomainError.storageFailure` if the write fails (nothing changes then),
    ///   a store error, or `CancellationError` (checked before anything is written).
    public func update(_ user: User) async throws -> User {
        try Task.checkCancellation()
        var next = try loadedState()
        guard let index = next.userIndex[user.id] else {
            throw DomainError.notFound(what: "user", id: user.id)
        }
        try user.checkStorable()
        next.snapshot.users[index] = user
        try commit(next)
        return user
    }

    // MARK: PostRepository

    /// The post with `id`, with its author's current details.
    ///
    /// - Throws: `DomainError.notFound`, a store error, or `CancellationError`.
    public func fetchPost(id: Post.ID) async throws -> Post {
        try Task.checkCancellation()
        return try loadedState().post(id: id)
    }

    /// The comments of post `postId`, in stored (oldest first) order.
    ///
    /// - Throws: `DomainError.notFound` for an unknown post, a store error, or
    ///   `CancellationError`.
    public func fetchComments(postId: Post.ID) async throws -> [Comment] {
        try Task.checkCancellation()
        let state = try loadedState()
        guard state.postIndex[postId] != nil else {
            throw DomainError.notFound(what: "post", id: postId)
        }
        return state.commentsByPost[postId, default: []]
    }

    /// Sets the current user's like on post `postId`, writes it, and returns the stored post.
    /// The count moves by exactly one on a change of state; the state it is already in
    /// changes (and writes) nothing.
    ///
    /// - Throws: `DomainError.notFound`, `DomainError.storageFailure` if the write fails
    ///   (the like is unchanged then), a store error, or `CancellationError`.
    public func setLiked(_ liked: Bool, postId: Post.ID) async throws -> Post {
        try Task.checkCancellation()
        var next = try loadedState()
        guard let index = next.postIndex[postId] else {
            throw DomainError.notFound(what: "post", id: postId)
        }
        let stored = next.snapshot.posts[index]
        guard stored.likedByCurrentUser != liked else { return try next.post(id: postId) }
        next.snapshot.posts[index].likedByCurrentUser = liked
        next.snapshot.posts[index].likesCount = Post.likesCount(stored.likesCount, afterLiking: liked)
        try commit(next)
        return try next.post(id: postId)
    }

    // MARK: Loading and saving

    /// Reads and validates the file at `fileURL` now, synchronously, without creating or
    /// changing anything: lets a caller refuse a corrupt or unreadable store up front instead
    /// of at the first fetch. A missing file is fine (it will be seeded on first use).
    public static func preflight(fileURL: URL) throws(DomainError) {
        let file = JSONFileStore<JSONStoreSnapshot>(fileURL: fileURL)
        if let snapshot = try file.load() {
            _ = try State(validating: snapshot, path: file.path)
        }
    }

    /// The current state, reading (or creating) the file if it has not been read yet.
    private func loadedState() throws(DomainError) -> State {
        if let state { return state }
        // Writers killed mid-save leave their temporary file behind; tidy up once per read.
        file.removeAbandonedTemporaryFiles()
        let loaded: State
        if let snapshot = try file.load() {
            loaded = try State(validating: snapshot, path: file.path)
        } else {
            let snapshot = seedConfiguration.map(JSONStoreSnapshot.init(sampleData:)) ?? .empty
            let seeded = try State(validating: snapshot, path: file.path)
            try write(snapshot)
            loaded = seeded
        }
        state = loaded
        return loaded
    }

    /// Writes `next` and adopts it only once it is on disk.
    private func commit(_ next: State) throws(DomainError) {
        do {
            try write(next.snapshot)
        } catch {
            // The file normally still holds the old state, but if only the final directory
            // flush failed it already holds `next`: re-read it rather than guess.
            state = nil
            throw error
        }
        state = next
    }

    /// Replaces the file with `snapshot`, the same bytes `file.save(snapshot)` writes.
    private func write(_ snapshot: JSONStoreSnapshot) throws(DomainError) {
        try file.save(encodedBy: { try encoder.encode(snapshot) })
    }

    /// A snapshot with the lookup tables the calls need, built once per load.
    private struct State {
        var snapshot: JSONStoreSnapshot
        let userIndex: [User.ID: Int]
        let postIndex: [Post.ID: Int]
        let commentsByPost: [Post.ID: [Comment]]

        /// Indexes `snapshot`, refusing contents no correct writer produces.
        init(validating snapshot: JSONStoreSnapshot, path: String) throws(DomainError) {
            func corrupt(_ reason: String) -> DomainError {
                .corruptStore(path: path, reason: reason)
            }
            guard snapshot.version == JSONStoreSnapshot.currentVersion else {
                throw corrupt("it has format version \(snapshot.version), but only version "
                    + "\(JSONStoreSnapshot.currentVersion) is supported")
            }
            var userIndex: [User.ID: Int] = [:]
            for (index, user) in snapshot.users.enumerated() {
                guard userIndex.updateValue(index, forKey: user.id) == nil else {
                    throw corrupt("user id \(user.id) appears more than once")
                }
            }
            var postIndex: [Post.ID: Int] = [:]
            for (index, post) in snapshot.posts.enumerated() {
                guard postIndex.updateValue(index, forKey: post.id) == nil else {
                    throw corrupt("post id \(post.id) appears more than once")
                }
                guard userIndex[post.authorId] != nil else {
                    throw corrupt(
                        "post \(post.id) names author \(post.authorId), who does not exist")
                }
            }
            var commentsByPost: [Post.ID: [Comment]] = [:]
            for comment in snapshot.comments {
                guard postIndex[comment.postId] != nil else {
                    throw corrupt(
                        "comment \(comment.id) belongs to post \(comment.postId), "
                            + "which does not exist")
                }
                commentsByPost[comment.postId, default: []].append(comment)
            }
            self.snapshot = snapshot
            self.userIndex = userIndex
            self.postIndex = postIndex
            self.commentsByPost = commentsByPost
        }

        /// The post with `id` as callers see it: author embedded, comments counted.
        func post(id: Post.ID) throws(DomainError) -> Post {
            guard let index = postIndex[id] else { throw .notFound(what: "post", id: id) }
            let stored = snapshot.posts[index]
            // Validation guarantees the author exists.
            let author = snapshot.users[userIndex[stored.authorId]!]
            return Post(
                id: stored.id, title: stored.title, body: stored.body, author: author,
                createdAt: stored.createdAt, likesCount: stored.likesCount,
                likedByCurrentUser: stored.likedByCurrentUser,
                commentsCount: commentsByPost[id]?.count ?? 0)
        }
    }
}
