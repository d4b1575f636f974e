/// A `PostRepository` over generated sample data, with optional simulated latency and
/// injected failures. Share a `SampleDataStore` with a `SampleUserRepository` so posts show
/// their authors' edited names.
public final class SamplePostRepository: PostRepository {
    /// The data this repository reads and edits; share it to share edits.
    public let store: SampleDataStore
    /// The latency and failures applied to every call.
    public let conditions: SimulatedConditions

    private let calls = CallCounter()

    /// A repository over `store` under `conditions` (by default: immediate, never failing).
    public init(store: SampleDataStore, conditions: SimulatedConditions = .immediate) {
        self.store = store
        self.conditions = conditions
    }

    /// A repository over a new store holding the data `configuration` describes.
    public convenience init(
        configuration: SampleDataConfiguration = SampleDataConfiguration(),
        conditions: SimulatedConditions = .immediate
    ) {
        self.init(store: SampleDataStore(configuration: configuration), conditions: conditions)
    }

    /// How many calls this repository has received, failed and cancelled ones included.
    public var callCount: Int { calls.current }

    /// The post with `id` as it is now (current like state, current author name).
    ///
    /// - Throws: `DomainError.notFound`, an injected failure, or `CancellationError`.
    public nonisolated(nonsending) func fetchPost(id: Post.ID) async throws -> Post {
        try await conditions.begin(.fetchPost, callNumber: calls.next())
        return try store.postNow(id: id)
    }

    /// The comments of post `postId`, oldest first.
    ///
    /// - Throws: `DomainError.notFound` for an unknown post, an injected failure, or
    ///   `CancellationError`.
    public nonisolated(nonsending) func fetchComments(postId: Post.ID) async throws -> [Comment] {
        try await conditions.begin(.fetchComments, callNumber: calls.next())
        return try store.commentsNow(postId: postId)
    }

    /// Sets the current user's like on post `postId` and returns the post as stored: the
    /// count changes by exactly one when the state changes and not at all when it is already
    /// `liked`.
    ///
    /// - Throws: `DomainError.notFound`, an injected failure, or `CancellationError`; the like
    ///   is unchanged then.
    public nonisolated(nonsending) func setLiked(_ liked: Bool, postId: Post.ID) async throws -> Post {
        try await conditions.begin(.setLiked, callNumber: calls.next())
        return try store.setLikedNow(liked, postId: postId)
    }
}
