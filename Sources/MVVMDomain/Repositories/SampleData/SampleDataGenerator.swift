import FoundationEssentials

/// Produces the sample users, posts and comments a `SampleDataConfiguration` describes.
///
/// Every record is a pure function of the configuration and the record's index: nothing
/// depends on other records, so record 999 999 costs the same as record 0 and a million-user
/// configuration costs nothing until users are asked for. The only thing built up front is
/// the seed's permutation of user names (`SampleUserNames`, 576 entries), which lets a search
/// find matching users without generating the others.
public struct SampleDataGenerator: Sendable {
    /// The configuration the data is generated from.
    public let configuration: SampleDataConfiguration

    /// Which name each user gets: a seeded permutation of all first × last name pairs,
    /// repeating every `SampleUserNames.period` users.
    let userNames: SampleUserNames

    /// A generator for `configuration`.
    public init(configuration: SampleDataConfiguration) {
        self.configuration = configuration
        self.userNames = SampleUserNames(seed: configuration.seed, stream: Stream.userNames.rawValue)
    }

    /// Separate random streams per record kind, so user 3 and post 3 are unrelated.
    private enum Stream: UInt64 {
        case user = 1, post = 2, comment = 3, userNames = 4
    }

    private func randomSource(_ stream: Stream, _ index: Int) -> SplitMix64 {
        SplitMix64(seed: configuration.seed, stream: stream.rawValue, index: UInt64(index))
    }

    // MARK: Users

    /// The user at zero-based `index`, whose id is `index + 1`.
    ///
    /// The name comes from `userNames` (it depends only on the seed and `index % 576`); the
    /// e-mail domain from the user's own random stream.
    ///
    /// - Precondition: `0 <= index < configuration.userCount`.
    public func user(at index: Int) -> User {
        precondition((0..<configuration.userCount).contains(index), "user index out of range")
        var random = randomSource(.user, index)
        let (first, last) = userNames.parts(ofUserAt: index)
        let domain = random.pick(SampleWords.emailDomains)
        let id = index + 1
        // The id in the address keeps emails unique although names repeat.
        let email = "\(first.lowercased()).\(last.lowercased()).\(id)@\(domain)"
        return User(id: id, name: userNames.name(ofUserAt: index), email: email)
    }

    /// Every user, in id order. Costs O(userCount); meant for seeding small stores.
    public func allUsers() -> [User] {
        (0..<configuration.userCount).map(user(at:))
    }

    // MARK: Posts

    /// The post at zero-based `index`, whose id is `index + 1`, with its generated author.
    ///
    /// Posts are spaced about six hours apart, counting back from the reference date, so
    /// higher ids are older. A liked post always has at least one like (the current user's).
    ///
    /// - Precondition: `0 <= index < configuration.postCount`.
    public func post(at index: Int) -> Post {
        precondition((0..<configuration.postCount).contains(index), "post index out of range")
        var random = randomSource(.post, index)
        let author = user(at: random.int(below: configuration.userCount))
        let topic = random.pick(SampleWords.topics)
        var title = random.pick(SampleWords.titleTemplates)
            .replacing("{topic}", with: topic)
        title = title.prefix(1).uppercased() + title.dropFirst()
        let sentenceCount = 2 + random.int(below: 3)
        let body = (0..<sentenceCount).map { _ in random.pick(SampleWords.sentences) }
            .joined(separator: " ")
        // Whole seconds only, so dates survive an ISO 8601 round trip unchanged.
        let secondsBack = index * 6 * 3_600 + random.int(below: 3_600)
        let createdAt = configuration.referenceDate.addingTimeInterval(-Double(secondsBack))
        let liked = random.int(below: 4) == 0
        var likesCount = random.int(below: 250)
        if liked { likesCount = max(likesCount, 1) }
        return Post(
            id: index + 1, title: title, body: body, author: author, createdAt: createdAt,
            likesCount: likesCount, likedByCurrentUser: liked,
            commentsCount: configuration.commentsPerPost
        )
    }

    /// Every post, in id order. Costs O(postCount); meant for seeding small stores.
    public func allPosts() -> [Post] {
        (0..<configuration.postCount).map(post(at:))
    }

    // MARK: Comments

    /// The comments of the post at zero-based `postIndex`, oldest first.
    ///
    /// Comment ids are `postIndex * commentsPerPost + 1 ...`, unique across all posts.
    ///
    /// - Precondition: `0 <= postIndex < configuration.postCount`.
    public func comments(forPostAt postIndex: Int) -> [Comment] {
        precondition((0..<configuration.postCount).contains(postIndex), "post index out of range")
        let perPost = configuration.commentsPerPost
        return (0..<perPost).map { offset in
            let id = postIndex * perPost + offset + 1
            var random = randomSource(.comment, id)
            let first = random.pick(SampleWords.firstNames)
            let last = random.pick(SampleWords.lastNames)
            return Comment(
                id: id, postId: postIndex + 1, authorName: "\(first) \(last)",
                body: random.pick(SampleWords.commentPhrases)
            )
        }
    }
}
