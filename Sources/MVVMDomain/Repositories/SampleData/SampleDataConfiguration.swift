import FoundationEssentials

/// What the sample data looks like: how many users, posts and comments, how users are paged,
/// and the seed that makes every generated value reproducible.
///
/// Two configurations that compare equal always generate exactly the same data.
public struct SampleDataConfiguration: Hashable, Sendable {
    /// How many users exist (ids `1...userCount`).
    public let userCount: Int
    /// How many users one page holds.
    public let pageSize: Int
    /// How many posts exist (ids `1...postCount`).
    public let postCount: Int
    /// How many comments each post has.
    public let commentsPerPost: Int
    /// The seed of every generated value; change it for different (but still fixed) data.
    public let seed: UInt64
    /// The date generated `createdAt` values count back from. Fixed by default, never `Date()`,
    /// so output does not depend on when it is generated.
    public let referenceDate: Date

    /// The default reference date: 2024-01-01 00:00:00 UTC.
    public static let defaultReferenceDate = Date(timeIntervalSince1970: 1_704_067_200)

    /// Creates a configuration.
    ///
    /// - Precondition: `pageSize >= 1`, the counts are not negative, and there is at least
    ///   one user when there are posts (every post needs an author).
    public init(
        userCount: Int = 100,
        pageSize: Int = 20,
        postCount: Int = 20,
        commentsPerPost: Int = 5,
        seed: UInt64 = 42,
        referenceDate: Date = SampleDataConfiguration.defaultReferenceDate
    ) {
        precondition(userCount >= 0, "userCount must not be negative")
        precondition(pageSize >= 1, "pageSize must be at least 1")
        precondition(postCount >= 0, "postCount must not be negative")
        precondition(commentsPerPost >= 0, "commentsPerPost must not be negative")
        precondition(postCount == 0 || userCount > 0, "posts need at least one user as author")
        let (_, overflow) = postCount.multipliedReportingOverflow(by: commentsPerPost)
        precondition(!overflow, "postCount * commentsPerPost must fit in Int (comment ids)")
        self.userCount = userCount
        self.pageSize = pageSize
        self.postCount = postCount
        self.commentsPerPost = commentsPerPost
        self.seed = seed
        self.referenceDate = referenceDate
    }

    /// The number of user pages: `ceil(userCount / pageSize)`, and at least 1, so an empty
    /// data set still has an (empty) first page.
    public var totalPages: Int {
        Paging.totalPages(count: userCount, pageSize: pageSize)
    }
}
