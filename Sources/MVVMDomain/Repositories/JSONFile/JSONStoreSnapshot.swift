import FoundationEssentials

/// Everything `JSONFileRepository` keeps, in the shape it is written to disk.
///
/// Posts store their author's id rather than a copy of the author, so renaming a user
/// renames the author of their posts too; `commentsCount` is derived from `comments`.
///
/// `JSONStoreSnapshotEncoder` lays the file out key by key: a new stored property here needs
/// a line there (its tests compare with `JSONEncoder`'s whole document and fail until then).
struct JSONStoreSnapshot: Codable, Equatable, Sendable {
    /// The format written by this version; files with another version are refused.
    static let currentVersion = 1

    var version: Int
    var users: [User]
    var posts: [StoredPost]
    var comments: [Comment]

    /// A post as stored: `Post` minus the embedded author and the derived comment count.
    struct StoredPost: Codable, Equatable, Sendable {
        var id: Post.ID
        var title: String
        var body: String
        var authorId: User.ID
        var createdAt: Date
        var likesCount: Int
        var likedByCurrentUser: Bool
    }

    /// A store with nothing in it.
    static let empty = JSONStoreSnapshot(
        version: currentVersion, users: [], posts: [], comments: [])

    /// The sample data `configuration` describes. Costs O(users + posts * comments).
    init(sampleData configuration: SampleDataConfiguration) {
        let generator = SampleDataGenerator(configuration: configuration)
        let posts = generator.allPosts()
        self.init(
            version: Self.currentVersion,
            users: generator.allUsers(),
            posts: posts.map { post in
                StoredPost(
                    id: post.id, title: post.title, body: post.body, authorId: post.author.id,
                    createdAt: post.createdAt, likesCount: post.likesCount,
                    likedByCurrentUser: post.likedByCurrentUser)
            },
            comments: posts.indices.flatMap(generator.comments(forPostAt:)))
    }

    init(version: Int, users: [User], posts: [StoredPost], comments: [Comment]) {
        self.version = version
        self.users = users
        self.posts = posts
        self.comments = comments
    }
}
