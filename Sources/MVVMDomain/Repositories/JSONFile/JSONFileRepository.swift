import FoundationEssentials

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
/// - Shared files: every call first checks whether the file changed since this repository
///   last read or wrote it (`FileIdentity`: another process's save, a person's edit, a
///   restored copy) and reads it again if so, so a refresh shows what is on disk. A save
///   holds the file's write lock (`FileWriteLock`) while it reads the file's current
///   contents, applies its one change to them and writes: saves of several processes take
///   turns and none is lost. A save of a user whose record changed on disk since this
///   repository read it is refused (`DomainError.changedElsewhere`, nothing written); a
///   like is applied to the current count.
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
    /// Which file, in which version, `state` was read from or written as.
    private var stateFile: FileIdentity?
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
        let matches =
            NameMatching.isBlank(query)
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
    ///
    /// When another program changed this user's record in the file since this repository
    /// read it, nothing is written and it throws `DomainError.changedElsewhere`; the next
    /// load returns the other program's version. Changes to other records are kept.
    public func update(_ user: User) async throws -> User {
        try Task.checkCancellation()
        return try modify { current, known throws(DomainError) in
            guard let index = current.userIndex[user.id] else {
                throw DomainError.notFound(what: "user", id: user.id)
            }
            try user.checkStorable()
            let stored = current.snapshot.users[index]
            if let knownIndex = known.userIndex[user.id], known.snapshot.users[knownIndex] != stored {
                throw DomainError.changedElsewhere(
                    path: file.path, reason: "user \(user.id) was changed by another program")
            }
            var next = current
            next.snapshot.users[index] = user
            return (next, user)
        }
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
    /// The like is applied to the file's current record, whatever another program did to it
    /// meanwhile.
    public func setLiked(_ liked: Bool, postId: Post.ID) async throws -> Post {
        try Task.checkCancellation()
        return try modify { current, _ throws(DomainError) in
            guard let index = current.postIndex[postId] else {
                throw DomainError.notFound(what: "post", id: postId)
            }
            let stored = current.snapshot.posts[index]
            guard stored.likedByCurrentUser != liked else { return (nil, try current.post(id: postId)) }
            var next = current
            next.snapshot.posts[index].likedByCurrentUser = liked
            next.snapshot.posts[index].likesCount = Post.likesCount(stored.likesCount, afterLiking: liked)
            return (next, try next.post(id: postId))
        }
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

    /// The current state: the file's contents, read again when the file changed since this
    /// repository last read or wrote it, and created from the seed when there is none.
    private func loadedState() throws(DomainError) -> State {
        if let state {
            switch FileIdentity.lookUp(path: file.path) {
            case let .found(current) where current == stateFile: return state
            // Nothing can be read there now either; a save says why when it tries to write.
            case .unexaminable: return state
            case .found, .missing: break
            }
        }
        state = nil
        // Writers killed mid-save leave their temporary file behind; tidy up once per read.
        file.removeAbandonedTemporaryFiles()
        let (snapshot, identity) = try file.loadWithIdentity()
        let loaded: State
        if let snapshot {
            loaded = try State(validating: snapshot, path: file.path)
        } else {
            let seed = seedConfiguration.map(JSONStoreSnapshot.init(sampleData:)) ?? .empty
            let seeded = try State(validating: seed, path: file.path)
            // Created only where there is still no file: another process's file wins.
            let created = try file.create(encodedBy: { try encoder.encode(seed) })
            guard created.placed else { return try loadedState() }
            adopt(seeded, file: created.identity)
            return seeded
        }
        adopt(loaded, file: identity)
        return loaded
    }

    /// Runs `change` under the file's write lock on the file's current contents (`current`:
    /// read again if another program changed the file) and this repository's last view of
    /// them (`known`), and writes the state it returns, if any. Whatever happens, the state
    /// kept afterwards is what the file holds.
    private func modify<Result>(
        _ change: (_ current: State, _ known: State) throws(DomainError) -> (State?, Result)
    ) throws(DomainError) -> Result {
        // This repository's view before this call: reading the file again here would hide
        // another program's change to the record being saved.
        let known: State
        if let state { known = state } else { known = try loadedState() }
        guard let lock = try FileWriteLock.acquire(path: file.path) else {
            // Removed since it was read: start from the file that is there now.
            state = nil
            return try modify(change)
        }
        var current = known
        if lock.identity != stateFile {
            let (snapshot, identity) = try file.loadWithIdentity()
            guard let snapshot else {
                state = nil
                return try modify(change)
            }
            current = try State(validating: snapshot, path: file.path)
            adopt(current, file: identity)
        }
        let (next, result) = try change(current, known)
        if let next { try commit(next) }
        withExtendedLifetime(lock) {}
        return result
    }

    /// Keeps `state` as the contents of `identity`'s file.
    private func adopt(_ state: State, file identity: FileIdentity?) {
        self.state = state
        stateFile = identity
    }

    /// Writes `next` and adopts it only once it is on disk.
    private func commit(_ next: State) throws(DomainError) {
        let written: FileIdentity?
        do {
            written = try file.replace(encodedBy: { try encoder.encode(next.snapshot) })
        } catch {
            // The file normally still holds the old state, but if only the final directory
            // flush failed it already holds `next`: re-read it rather than guess.
            state = nil
            throw error
        }
        adopt(next, file: written)
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
                throw corrupt(
                    "it has format version \(snapshot.version), but only version "
                        + "\(JSONStoreSnapshot.currentVersion) is supported")
            }
            var userIndex: [User.ID: Int] = [:]
            for (index, user) in snapshot.users.enumerated() {
                guard userIndex.updateValue(index, forKey: user.id) == nil else {
                    throw corrupt("user id \(user.id) appears more than once")
                }
                try user.checkStoredText(path: path)
            }
            var postIndex: [Post.ID: Int] = [:]
            for (index, post) in snapshot.posts.enumerated() {
                try post.checkStoredText(path: path)
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
                try comment.checkStoredText(path: path)
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
