import FoundationEssentials

/// The queries behind `SQLiteRepository` over one open, accepted database connection.
/// Synchronous and not thread-safe: the repository actor owns it.
final class SQLiteStore {
    let db: SQLiteConnection
    let pageSize: Int
    /// Users are never inserted or deleted through the API, so the count is read once:
    /// ordinals are dense (1...userCount), which makes every page a key range.
    let userCount: Int

    /// Wraps `db`, already inspected and migrated.
    init(db: SQLiteConnection, pageSize: Int) throws(DomainError) {
        self.db = db
        self.pageSize = pageSize
        let highest = try db.withStatement("SELECT coalesce(max(ordinal), 0) FROM users") { statement throws(DomainError) in
            try statement.firstRow { $0.int(0) } ?? 0
        }
        // A store another program edited may hold any ordinal: one below 1, or one so large
        // that a page's bounds would overflow, is damage, not a count.
        guard highest >= 0, highest <= Self.maximumUserCount else {
            throw .corruptStore(path: db.path, reason: "the users' list positions end at \(highest), outside 0...\(Self.maximumUserCount)")
        }
        userCount = highest
    }

    /// More users than any store holds; keeps every page's bounds far from `Int.max`.
    static let maximumUserCount = Int(Int32.max)

    private func corrupt(_ reason: String) -> DomainError { .corruptStore(path: db.path, reason: reason) }

    // MARK: Users

    /// Page `page`: the ordinals `(page - 1) * pageSize + 1 ...`, one index range read, the
    /// same cost on page 1 and page 50 000.
    func usersPage(_ page: Int) throws(DomainError) -> UserPage {
        let range = try Paging.indices(ofPage: page, count: userCount, pageSize: pageSize)
        let users = try db.withStatement(
            "SELECT id, name, email FROM users WHERE ordinal BETWEEN ? AND ? ORDER BY ordinal"
        ) { statement throws(DomainError) in
            try statement.bind(range.lowerBound + 1, range.upperBound)
            return try statement.rows(Self.user)
        }
        guard users.count == range.count else {
            throw corrupt("users \(range.lowerBound + 1)...\(range.upperBound) of the list are not all there")
        }
        for user in users { try user.checkStoredText(path: db.path) }
        return UserPage(users: users, page: page, totalPages: Paging.totalPages(count: userCount, pageSize: pageSize))
    }

    func user(id: User.ID) throws(DomainError) -> User {
        let user = try db.withStatement("SELECT id, name, email FROM users WHERE id = ?") { statement throws(DomainError) in
            try statement.bind(id)
            return try statement.firstRow(Self.user)
        }
        guard let user else { throw .notFound(what: "user", id: id) }
        try user.checkStoredText(path: db.path)
        return user
    }

    /// One transaction; nothing changes when it throws.
    func update(_ user: User) throws(DomainError) -> User {
        try user.checkStorable()
        try db.inTransaction { () throws(DomainError) in
            try db.withStatement("UPDATE users SET name = ?, email = ? WHERE id = ?") { statement throws(DomainError) in
                try statement.bind(user.name, user.email, user.id)
                try statement.run()
            }
            guard db.changes == 1 else { throw .notFound(what: "user", id: user.id) }
        }
        return user
    }

    // MARK: Search

    /// The page of users whose name contains `query` ignoring case (`NameMatching`), in list
    /// order. See `SQLiteNameSearch` for what uses the index.
    func searchUsers(query: String, page: Int) throws(DomainError) -> UserPage {
        let ordinals = NameMatching.isBlank(query) ? [] : try SQLiteNameSearch(db: db).ordinals(matching: query)
        let range = try Paging.indices(ofPage: page, count: ordinals.count, pageSize: pageSize)
        var users: [User] = []
        users.reserveCapacity(range.count)
        for ordinal in ordinals[range] {
            let user = try db.withStatement("SELECT id, name, email FROM users WHERE ordinal = ?") { statement throws(DomainError) in
                try statement.bind(ordinal)
                return try statement.firstRow(Self.user)
            }
            guard let user else { throw corrupt("user \(ordinal) of the list vanished") }
            try user.checkStoredText(path: db.path)
            users.append(user)
        }
        return UserPage(users: users, page: page, totalPages: Paging.totalPages(count: ordinals.count, pageSize: pageSize))
    }

    private static func user(_ row: SQLiteStatement) -> User {
        User(id: row.int(0), name: row.string(1), email: row.string(2))
    }

    // MARK: Posts

    func post(id: Post.ID) throws(DomainError) -> Post {
        let found = try db.withStatement(
            """
            SELECT p.id, p.title, p.body, p.created_at, p.likes_count, p.liked_by_current_user,
                   u.id, u.name, u.email,
                   (SELECT count(*) FROM comments c WHERE c.post_id = p.id)
            FROM posts p LEFT JOIN users u ON u.id = p.author_id WHERE p.id = ?
            """
        ) { statement throws(DomainError) -> Post?? in
            try statement.bind(id)
            return try statement.firstRow { row -> Post? in
                guard !row.isNull(6) else { return nil }
                return Post(
                    id: row.int(0), title: row.string(1), body: row.string(2),
                    author: User(id: row.int(6), name: row.string(7), email: row.string(8)),
                    createdAt: Date(timeIntervalSince1970: row.double(3)), likesCount: row.int(4),
                    likedByCurrentUser: row.bool(5), commentsCount: row.int(9))
            }
        }
        guard let found else { throw .notFound(what: "post", id: id) }
        guard let post = found else { throw corrupt("post \(id) names an author who does not exist") }
        try post.checkStoredText(path: db.path)
        try post.author.checkStoredText(path: db.path)
        return post
    }

    func comments(postId: Post.ID) throws(DomainError) -> [Comment] {
        _ = try post(id: postId)
        let comments = try db.withStatement(
            "SELECT id, post_id, author_name, body FROM comments WHERE post_id = ? ORDER BY id"
        ) { statement throws(DomainError) in
            try statement.bind(postId)
            return try statement.rows { row in
                Comment(id: row.int(0), postId: row.int(1), authorName: row.string(2), body: row.string(3))
            }
        }
        for comment in comments { try comment.checkStoredText(path: db.path) }
        return comments
    }

    /// One transaction; the state the post is already in changes nothing.
    func setLiked(_ liked: Bool, postId: Post.ID) throws(DomainError) -> Post {
        try db.inTransaction { () throws(DomainError) -> Post in
            let current = try post(id: postId)
            guard current.likedByCurrentUser != liked else { return current }
            try db.withStatement(
                "UPDATE posts SET liked_by_current_user = ?, likes_count = ? WHERE id = ?"
            ) { statement throws(DomainError) in
                try statement.bind(liked, Post.likesCount(current.likesCount, afterLiking: liked), postId)
                try statement.run()
            }
            return try post(id: postId)
        }
    }
}
