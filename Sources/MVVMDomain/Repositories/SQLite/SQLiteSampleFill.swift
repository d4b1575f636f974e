/// Writes the sample data a `SampleDataConfiguration` describes into a new database's
/// version-1 tables (see `SQLiteStoreFile.create`), one prepared INSERT per table reused for
/// every row. Costs O(users + posts × comments); the users' order is their list order.
enum SQLiteSampleFill {
    static func fill(_ db: SQLiteConnection, from configuration: SampleDataConfiguration) throws(DomainError) {
        let generator = SampleDataGenerator(configuration: configuration)
        try db.withStatement(
            "INSERT INTO users(ordinal, id, name, email) VALUES (?, ?, ?, ?)"
        ) { insert throws(DomainError) in
            for index in 0..<configuration.userCount {
                let user = generator.user(at: index)
                try insert.bind(index + 1, user.id, user.name, user.email)
                try insert.run()
                insert.reset()
            }
        }
        try db.withStatement(
            """
            INSERT INTO posts(id, title, body, author_id, created_at, likes_count, liked_by_current_user)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """
        ) { insert throws(DomainError) in
            for index in 0..<configuration.postCount {
                let post = generator.post(at: index)
                try insert.bind(
                    post.id, post.title, post.body, post.author.id,
                    post.createdAt.timeIntervalSince1970, post.likesCount, post.likedByCurrentUser)
                try insert.run()
                insert.reset()
            }
        }
        try db.withStatement(
            "INSERT INTO comments(id, post_id, author_name, body) VALUES (?, ?, ?, ?)"
        ) { insert throws(DomainError) in
            for index in 0..<configuration.postCount {
                for comment in generator.comments(forPostAt: index) {
                    try insert.bind(comment.id, comment.postId, comment.authorName, comment.body)
                    try insert.run()
                    insert.reset()
                }
            }
        }
    }
}
